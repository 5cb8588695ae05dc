import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { requireOptional } from '../../util/optional-require';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../json-schema';

/** A schema as class-validator-jsonschema writes it: the keywords this file reads are typed, the rest pass through. */
interface Schema {
  [keyword: string]: unknown;
  properties?: Record<string, Schema>;
  description?: string;
}
const REF_PREFIX = '#/$defs/';

interface ClassValidatorStorage {
  validationMetadatas: Map<Function, unknown[]>;
  getTargetValidationMetadatas(
    target: Function,
    schema: string,
    always: boolean,
    strictGroups: boolean,
  ): unknown[];
}

interface TypeMetadataStorage {
  findTypeMetadata(target: Function, property: string): { typeFunction(): unknown } | undefined;
}

interface Converters {
  readonly storage: ClassValidatorStorage;
  readonly types: TypeMetadataStorage;
  readonly toSchema: (type: Function) => Schema;
}

/** A class's own schema, as class-validator-jsonschema converts it, with `$ref`s to nested classes by name. */
interface ClassSchema {
  readonly metadataCount: number;
  readonly schema: Schema;
}

const EMPTY_NESTED: Schema = { type: 'object', properties: {}, required: [], additionalProperties: false };

const schemasByClass = new WeakMap<Function, ClassSchema>();

function converters(source: string): Converters {
  const classValidator = requireOptional<typeof import('class-validator')>(
    'class-validator',
    'A DTO input',
    source,
  );
  const converter = requireOptional<typeof import('class-validator-jsonschema')>(
    'class-validator-jsonschema',
    'A DTO input',
    source,
  );
  requireOptional('class-transformer', 'A DTO input', source);
  const { defaultMetadataStorage } =
    require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');
  const options = { classTransformerMetadataStorage: defaultMetadataStorage, refPointerPrefix: REF_PREFIX };
  return {
    storage: classValidator.getMetadataStorage() as unknown as ClassValidatorStorage,
    types: defaultMetadataStorage,
    toSchema: (type) => converter.targetConstructorToSchema(type, options) as Schema,
  };
}

/**
 * The schema of one class, converted from that class's own metadata and its ancestors' only: keyed by the class
 * itself, never by its name, so that two classes called `Filter` in different files each keep their properties.
 */
function classSchema(type: Function, tools: Converters): ClassSchema {
  const metadataCount = tools.storage.getTargetValidationMetadatas(type, '', true, false).length;
  let entry = schemasByClass.get(type);
  if (entry === undefined || entry.metadataCount !== metadataCount) {
    entry = { metadataCount, schema: metadataCount > 0 ? tools.toSchema(type) : {} };
    schemasByClass.set(type, entry);
  }
  return entry;
}

export function hasValidationMetadata(type: Function, source: string): boolean {
  return classSchema(type, converters(source)).metadataCount > 0;
}

/**
 * The JSON Schema of a class-validator DTO, with nested DTOs inlined, `additionalProperties: false` on every object
 * (the validation refuses unknown properties), and descriptions / `required: false` from `@ToolParam` properties.
 * Nested classes are found by identity (the property's `@Type()` or emitted type), so no `$defs` name can clash.
 */
export function dtoToJsonSchema(type: Function, source: string): JsonSchema {
  const tools = converters(source);
  const inline = (current: Function, path: readonly Function[]): Schema => {
    if (path.includes(current)) {
      const chain = [...path, current].map((c) => c.name).join(' → ');
      throw new ToolDefinitionError(
        `${source}: the input class ${type.name} is recursive (${chain}), which a tool schema cannot express`,
        source,
      );
    }
    const { metadataCount, schema } = classSchema(current, tools);
    if (metadataCount === 0 && current === type) {
      throw new ToolDefinitionError(
        `${source}: the input class ${type.name} has no class-validator decorators, so its properties are unknown; ` +
          'decorate its properties (@IsString(), @IsInt(), …)',
        source,
      );
    }
    const resolved: Schema = structuredClone(schema);
    resolved.type = 'object';
    resolved.properties ??= {};
    for (const key of Object.keys(resolved.properties)) {
      const resolveRefs = (node: unknown): unknown => {
        if (Array.isArray(node)) return node.map(resolveRefs);
        if (typeof node !== 'object' || node === null) return node;
        const ref = (node as Schema).$ref;
        if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
          const { $ref: _ref, ...rest } = node as Schema;
          const nested = nestedClass(current, key, ref.slice(REF_PREFIX.length), tools, source);
          return { ...(nested ? inline(nested, [...path, current]) : EMPTY_NESTED), ...rest };
        }
        const copy: Schema = {};
        for (const [name, value] of Object.entries(node)) copy[name] = resolveRefs(value);
        return copy;
      };
      resolved.properties[key] = resolveRefs(resolved.properties[key]) as Schema;
    }
    applyPropertyOptions(resolved, current);
    resolved.required ??= [];
    resolved.additionalProperties = false;
    return resolved;
  };
  return { $schema: JSON_SCHEMA_DRAFT_2020_12, ...inline(type, []) };
}

/**
 * The class a nested property refers to, found the way class-validator-jsonschema found it (`@Type()`, else the
 * emitted `design:type`); the name in the `$ref` only confirms it.
 */
function nestedClass(
  owner: Function,
  property: string,
  refName: string,
  tools: Converters,
  source: string,
): Function | undefined {
  const typed = tools.types.findTypeMetadata(owner, property)?.typeFunction();
  const candidate =
    typed ?? (Reflect.getMetadata('design:type', owner.prototype as object, property) as unknown);
  if (typeof candidate === 'function' && candidate.name === refName) return candidate;
  // A $ref written by hand (@JSONSchema): only a name to go by, so it must be unambiguous.
  const named = [...tools.storage.validationMetadatas.keys()].filter(
    (c) => typeof c === 'function' && c.name === refName,
  );
  if (named.length === 1) return named[0];
  if (named.length > 1) {
    throw new ToolDefinitionError(
      `${source}: ${owner.name}.${property} refers to ${refName} by name, and ${named.length} classes have that ` +
        'name; give the property its class with @Type(() => TheClass)',
      source,
    );
  }
  return undefined;
}

function applyPropertyOptions(schema: Schema, type: Function): void {
  for (const [key, options] of ToolMetadataAccessor.getPropertyOptions(type)) {
    const property = schema.properties?.[key];
    if (!property || !options) continue;
    if (options.description) property.description = options.description;
    if (options.required === false && Array.isArray(schema.required)) {
      schema.required = schema.required.filter((name: string) => name !== key);
    }
  }
}
