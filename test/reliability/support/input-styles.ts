import { Type } from 'class-transformer';
import { IsArray, IsInt, IsNumber, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import fc from 'fast-check';
import { z } from 'zod';
import {
  FunctionToolCallback,
  MethodToolCallback,
  Tool,
  ToolContext,
  ToolParam,
  type JsonSchema,
  type ToolCallback,
} from 'nestjs-tool-calling';
import { fuzzString } from './argument-text.arbitrary';

/**
 * One tool per way of declaring an input. Each tool checks that what it received fits its declaration and records
 * the problems it finds: a validation gap shows up as a problem, never as a crash.
 */
export interface InputStyle {
  readonly label: string;
  readonly callback: ToolCallback;
  /** Values the tool must accept. */
  readonly valid: fc.Arbitrary<object>;
}

/** What each tool received, by tool name: one entry per run, listing the problems found (none when it fits). */
export class Receipts {
  private readonly byTool = new Map<string, string[][]>();

  record(toolName: string, problems: (string | undefined)[]): void {
    const list = this.byTool.get(toolName) ?? [];
    list.push(problems.filter((problem): problem is string => problem !== undefined));
    this.byTool.set(toolName, list);
  }

  count(toolName: string): number {
    return this.byTool.get(toolName)?.length ?? 0;
  }

  last(toolName: string): string[] | undefined {
    return this.byTool.get(toolName)?.at(-1);
  }
}

export const receipts = new Receipts();

const isString = (value: unknown, path: string) =>
  typeof value === 'string' ? undefined : `${path} is ${typeof value}, not a string`;
const isFiniteNumber = (value: unknown, path: string) =>
  Number.isFinite(value) ? undefined : `${path} is ${String(value)}, not a finite number`;
const isInteger = (value: unknown, path: string, min: number) =>
  Number.isInteger(value) && (value as number) >= min ? undefined : `${path} is ${String(value)}`;
const optional = (value: unknown, check: (v: unknown) => string | undefined) =>
  value === undefined || value === null ? undefined : check(value);
const isStringArray = (value: unknown, path: string) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? undefined
    : `${path} is not string[]`;
const onlyKeys = (value: unknown, path: string, keys: readonly string[]) => {
  if (typeof value !== 'object' || value === null) return `${path} is not an object`;
  const extra = Reflect.ownKeys(value).filter((key) => !keys.includes(key as string));
  return extra.length === 0 ? undefined : `${path} has ${extra.map(String).join(', ')}`;
};

const text = fuzzString();
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

// --- @ToolParam parameters --------------------------------------------------------------------------------
class ParamTools {
  @Tool({ description: 'Weather of a city' })
  weather(
    @ToolParam({ description: 'City' }) city: string,
    @ToolParam({ required: false }) days?: number,
    @ToolParam({ type: [String], required: false }) tags?: string[],
    context?: ToolContext,
  ): string {
    receipts.record('weather', [
      isString(city, 'city'),
      optional(days, (v) => (typeof v === 'number' ? undefined : `days is ${typeof v}`)),
      optional(tags, (v) => isStringArray(v, 'tags')),
      context instanceof ToolContext ? undefined : 'no ToolContext',
    ]);
    return `weather:${city.length}`;
  }
}

// --- a class-validator DTO, nested two levels --------------------------------------------------------------
class Geo {
  @IsNumber()
  lat!: number;

  @IsNumber()
  lon!: number;
}

class Address {
  @IsString()
  city!: string;

  @IsOptional()
  @IsString()
  zip?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Geo)
  geo?: Geo;
}

class Booking {
  @IsString()
  guest!: string;

  @IsInt()
  @Min(1)
  @Max(1000)
  nights!: number;

  @ValidateNested()
  @Type(() => Address)
  address!: Address;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];
}

function addressProblems(address: unknown, path: string): (string | undefined)[] {
  if (!(address instanceof Address)) return [`${path} is not an Address`];
  const geo = address.geo;
  return [
    onlyKeys(address, path, ['city', 'zip', 'geo']),
    isString(address.city, `${path}.city`),
    optional(address.zip, (v) => isString(v, `${path}.zip`)),
    ...(geo === undefined || geo === null
      ? []
      : geo instanceof Geo
        ? [
            onlyKeys(geo, `${path}.geo`, ['lat', 'lon']),
            isFiniteNumber(geo.lat, 'lat'),
            isFiniteNumber(geo.lon, 'lon'),
          ]
        : [`${path}.geo is not a Geo`]),
  ];
}

class DtoTools {
  @Tool({ description: 'Book a room' })
  book(booking: Booking): string {
    receipts.record('book', [
      booking instanceof Booking ? undefined : 'not a Booking',
      onlyKeys(booking, 'booking', ['guest', 'nights', 'address', 'tags']),
      isString(booking.guest, 'guest'),
      isInteger(booking.nights, 'nights', 1),
      ...addressProblems(booking.address, 'address'),
      optional(booking.tags, (v) => isStringArray(v, 'tags')),
    ]);
    return `booked:${booking.nights}`;
  }
}

const validAddress = fc.record(
  { city: text, zip: text, geo: fc.record({ lat: finite, lon: finite }) },
  { requiredKeys: ['city'] },
);

// --- a Standard Schema (zod 4) ------------------------------------------------------------------------------
const TripInput = z.strictObject({
  city: z.string(),
  nights: z.number().int().min(1),
  address: z.strictObject({
    street: z.string(),
    geo: z.strictObject({ lat: z.number(), lon: z.number() }).optional(),
  }),
  tags: z.array(z.string()).max(5).optional(),
});

class ZodTools {
  @Tool({ description: 'Plan a trip', input: TripInput })
  trip(input: z.infer<typeof TripInput>): string {
    const geo = input.address?.geo;
    receipts.record('trip', [
      onlyKeys(input, 'input', ['city', 'nights', 'address', 'tags']),
      isString(input.city, 'city'),
      isInteger(input.nights, 'nights', 1),
      onlyKeys(input.address, 'address', ['street', 'geo']),
      isString(input.address?.street, 'street'),
      optional(geo, (v) => onlyKeys(v, 'geo', ['lat', 'lon'])),
      optional(geo?.lat, (v) => isFiniteNumber(v, 'lat')),
      optional(input.tags, (v) => isStringArray(v, 'tags')),
      input.tags && input.tags.length > 5 ? 'more than 5 tags' : undefined,
    ]);
    return `trip:${input.nights}`;
  }
}

// --- a literal JSON Schema ---------------------------------------------------------------------------------
const SEARCH_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    filters: {
      type: 'object',
      properties: { tag: { type: 'string' }, since: { type: 'number' } },
      additionalProperties: false,
    },
    flags: { type: 'array', items: { type: 'boolean' } },
  },
  required: ['query'],
  additionalProperties: false,
};

class JsonSchemaTools {
  @Tool({ description: 'Search the catalogue', inputSchema: SEARCH_SCHEMA })
  search(input: {
    query: string;
    limit?: number;
    filters?: { tag?: string; since?: number };
    flags?: boolean[];
  }) {
    receipts.record('search', [
      onlyKeys(input, 'input', ['query', 'limit', 'filters', 'flags']),
      isString(input.query, 'query'),
      optional(input.limit, (v) => isInteger(v, 'limit', 1)),
      optional(input.filters, (v) => onlyKeys(v, 'filters', ['tag', 'since'])),
      optional(input.filters?.tag, (v) => isString(v, 'filters.tag')),
      optional(input.flags, (v) =>
        Array.isArray(v) && v.every((flag) => typeof flag === 'boolean')
          ? undefined
          : 'flags is not boolean[]',
      ),
    ]);
    return `search:${input.query.length}`;
  }
}

// --- FunctionToolCallback, in each of its input shapes -----------------------------------------------------
const ZoneInput = z.object({ zone: z.string(), at: z.number().optional() });

const fnZod = FunctionToolCallback.from({
  name: 'fn_time',
  description: 'Time in a zone (zod, unknown keys stripped)',
  input: ZoneInput,
  fn: (input, context: ToolContext) => {
    receipts.record('fn_time', [
      onlyKeys(input, 'input', ['zone', 'at']),
      isString(input.zone, 'zone'),
      optional(input.at, (v) => isFiniteNumber(v, 'at')),
      context instanceof ToolContext ? undefined : 'no ToolContext',
    ]);
    return `time:${input.zone.length}`;
  },
});

const fnDto = FunctionToolCallback.from({
  name: 'fn_locate',
  description: 'Locate an address (DTO)',
  inputType: Address,
  fn: (address: Address) => {
    receipts.record('fn_locate', addressProblems(address, 'address'));
    return `located:${address.city.length}`;
  },
});

const fnJsonSchema = FunctionToolCallback.from({
  name: 'fn_count',
  description: 'Count things (JSON Schema)',
  inputSchema: {
    type: 'object',
    properties: {
      kind: { enum: ['apples', 'pears'] },
      count: { type: 'integer' },
      nested: {
        type: 'object',
        properties: {
          deep: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
        },
        required: ['deep'],
      },
    },
    required: ['kind', 'count'],
    additionalProperties: false,
  },
  fn: (input: { kind: string; count: number; nested?: { deep: { value: string } } }) => {
    receipts.record('fn_count', [
      ['apples', 'pears'].includes(input.kind) ? undefined : `kind is ${String(input.kind)}`,
      isInteger(input.count, 'count', -Infinity),
      optional(input.nested, (v: any) => isString(v.deep?.value, 'nested.deep.value')),
    ]);
    return `counted:${input.count}`;
  },
});

const fnNoInput = FunctionToolCallback.from({
  name: 'fn_ping',
  description: 'No input at all',
  fn: () => {
    receipts.record('fn_ping', []);
    return 'pong';
  },
});

export const INPUT_STYLES: readonly InputStyle[] = [
  {
    label: '@ToolParam parameters',
    callback: MethodToolCallback.from(new ParamTools(), 'weather'),
    valid: fc.record(
      { city: text, days: finite, tags: fc.array(text, { maxLength: 3 }) },
      { requiredKeys: ['city'] },
    ),
  },
  {
    label: 'class-validator DTO (nested)',
    callback: MethodToolCallback.from(new DtoTools(), 'book'),
    valid: fc.record(
      {
        guest: text,
        nights: fc.integer({ min: 1, max: 1000 }),
        address: validAddress,
        tags: fc.array(text, { maxLength: 3 }),
      },
      { requiredKeys: ['guest', 'nights', 'address'] },
    ),
  },
  {
    label: 'zod 4 Standard Schema',
    callback: MethodToolCallback.from(new ZodTools(), 'trip'),
    valid: fc.record(
      {
        city: text,
        nights: fc.integer({ min: 1, max: 10_000 }),
        address: fc.record(
          { street: text, geo: fc.record({ lat: finite, lon: finite }) },
          { requiredKeys: ['street'] },
        ),
        tags: fc.array(text, { maxLength: 5 }),
      },
      { requiredKeys: ['city', 'nights', 'address'] },
    ),
  },
  {
    label: 'literal JSON Schema',
    callback: MethodToolCallback.from(new JsonSchemaTools(), 'search'),
    valid: fc.record(
      {
        query: text,
        limit: fc.integer({ min: 1 }),
        filters: fc.record({ tag: text, since: finite }, { requiredKeys: [] }),
        flags: fc.array(fc.boolean(), { maxLength: 4 }),
      },
      { requiredKeys: ['query'] },
    ),
  },
  {
    label: 'FunctionToolCallback with zod',
    callback: fnZod,
    valid: fc.record({ zone: text, at: finite }, { requiredKeys: ['zone'] }),
  },
  {
    label: 'FunctionToolCallback with a DTO',
    callback: fnDto,
    valid: validAddress,
  },
  {
    label: 'FunctionToolCallback with a JSON Schema',
    callback: fnJsonSchema,
    valid: fc.record(
      {
        kind: fc.constantFrom('apples', 'pears'),
        count: fc.integer(),
        nested: fc.record({ deep: fc.record({ value: text }) }),
      },
      { requiredKeys: ['kind', 'count'] },
    ),
  },
  { label: 'FunctionToolCallback without input', callback: fnNoInput, valid: fc.constant({}) },
];

export const toolNameOf = (style: InputStyle): string => style.callback.getToolDefinition().name;
