import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolInputError,
  type ToolResult,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

/*
 * Library failures the fuzzers found, each reduced to its smallest input and kept as a regression test. All fixed:
 * tool input is refused when nested deeper than 64 levels or holding a non-finite number, and a DTO input is checked
 * against the JSON Schema the model was shown before class-transformer sees it.
 */

class Place {
  @IsString()
  city!: string;
}

class Trip {
  @ValidateNested()
  @Type(() => Place)
  place!: Place;
}

const place = FunctionToolCallback.from({
  name: 'place',
  inputType: Place,
  fn: (input: Place) => input.city,
});
const trip = FunctionToolCallback.from({
  name: 'trip',
  inputType: Trip,
  fn: (input: Trip) => `place is ${Array.isArray(input.place) ? 'an array' : typeof input.place}`,
});
const count = FunctionToolCallback.from({
  name: 'count',
  inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
  fn: (input: { n: number }) => `n is ${input.n}`,
});

const NESTED_10_000 = '['.repeat(10_000) + ']'.repeat(10_000);

/** `{ issues }` (the paths) for an input error, else what happened instead, so that a failure shows it. */
async function outcome(promise: Promise<string | ToolResult>): Promise<object> {
  try {
    return { ran: await promise };
  } catch (error) {
    if (error instanceof InvalidToolInputError) return { issues: error.issues.map((issue) => issue.path) };
    return { threw: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe('DTO input (class-transformer + class-validator, DtoInputParser.parse)', () => {
  // Fixed; was: RangeError "Maximum call stack size exceeded" from class-transformer's TransformOperationExecutor.
  it('refuses a value nested 10,000 levels deep with an InvalidToolInputError', async () => {
    expect(await outcome(place.call(`{"city":"Oslo","extra":${NESTED_10_000}}`))).toEqual({
      issues: ['extra'],
    });
  });

  // Fixed; was: TypeError "Cannot read properties of undefined (reading 'constructor')" from class-transformer's
  // MetadataStorage.getAncestors, or "targetType is not a constructor" from TransformOperationExecutor.transform.
  it.each(['{"city":"Oslo","extra":{"constructor":1}}', '{"city":"Oslo","extra":[{"constructor":{}}]}'])(
    'refuses an unknown property holding an object with a "constructor" key: %s',
    async (text) => {
      expect(await outcome(place.call(text))).toEqual({ issues: ['extra'] });
    },
  );

  // A constructor.prototype pair is refused before any schema, like __proto__ (issue 10, item 7).
  it('refuses a constructor.prototype pair at any depth', async () => {
    const text = '{"city":"Oslo","extra":{"constructor":{"prototype":{"polluted":"yes"}}}}';
    expect(await outcome(place.call(text))).toEqual({ issues: ['extra.constructor.prototype'] });
  });

  // Fixed; was: the tool runs; class-transformer skips "constructor" keys, so class-validator never sees the property.
  it('refuses a "constructor" property like any other unknown property', async () => {
    expect(await outcome(place.call('{"city":"Oslo","constructor":"x"}'))).toEqual({
      issues: ['constructor'],
    });
  });

  it('shows the model a schema in which a nested DTO property is a required object', () => {
    expect(trip.getToolDefinition().inputSchema).toMatchObject({
      properties: { place: { type: 'object' } },
      required: ['place'],
    });
  });

  // Fixed; was: the tool runs with place undefined; @ValidateNested() alone does not require a value (@IsDefined() does).
  it('refuses input without a required nested DTO property', async () => {
    expect(await outcome(trip.call('{}'))).toEqual({ issues: ['place'] });
  });

  // Fixed; was: the tool runs with place = []; @ValidateNested() validates arrays item by item (@IsObject() refuses them).
  it('refuses an array where the schema says a nested DTO object', async () => {
    expect(await outcome(trip.call('{"place":[]}'))).toEqual({ issues: ['place'] });
  });

  it('keeps these failures from escaping the loop: the model receives an error result', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { id: 'deep', name: 'place', arguments: `{"city":"Oslo","extra":${NESTED_10_000}}` },
          { id: 'ctor', name: 'place', arguments: '{"city":"Oslo","extra":{"constructor":1}}' },
        ],
      },
      'done',
    ]);
    const response = await ChatClient.create(model, { toolCallbacks: [place] })
      .prompt('go')
      .call()
      .chatResponse();
    expect(response.text).toBe('done');
    expect(response.toolExecutions.map((e) => e.toolResponse.isError)).toEqual([true, true]);
  });
});

describe('JSON Schema input (ajv)', () => {
  // Fixed; was: the tool receives n = Infinity: 1e309 is a JSON number, JSON.parse makes it Infinity, and ajv's
  // integer check (x % 1 is NaN, not truthy) lets it through. A tool looping `n` times would never end.
  it('refuses an integer that JSON.parse turns into Infinity', async () => {
    expect(await outcome(count.call('{"n":1e309}'))).toEqual({ issues: ['n'] });
  });
});
