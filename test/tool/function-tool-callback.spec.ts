import { Logger } from '@nestjs/common';
import { IsString } from 'class-validator';
import { z } from 'zod';
import {
  FunctionToolCallback,
  InvalidToolInputError,
  ToolContext,
  ToolDefinitionError,
  ToolExecutionError,
} from 'nestjs-tool-calling';

class CityInput {
  @IsString()
  city!: string;
}

describe('FunctionToolCallback', () => {
  it('input → output', async () => {
    const tool = FunctionToolCallback.from({
      name: 'getWeather',
      description: 'Weather of a city',
      input: z.object({ city: z.string() }),
      fn: ({ city }) => ({ city, temperature: 21 }),
    });
    await expect(tool.call('{"city":"Paris"}')).resolves.toBe('{"city":"Paris","temperature":21}');
    expect(tool.getToolDefinition()).toEqual({
      name: 'getWeather',
      description: 'Weather of a city',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    });
  });

  it('(input, context) → output', async () => {
    const tool = FunctionToolCallback.from({
      name: 'whereAmI',
      inputType: CityInput,
      fn: async (input, context: ToolContext) =>
        `${context.require('user')} in ${input.city} (${input instanceof CityInput})`,
    });
    await expect(tool.call('{"city":"Rome"}', ToolContext.of({ user: 'ada' }))).resolves.toBe(
      'ada in Rome (true)',
    );
    expect(tool.getToolDefinition().description).toBe('where am i');
  });

  it('no input → output, with an empty object schema', async () => {
    const tool = FunctionToolCallback.from({ name: 'now', fn: () => '2026-11-29' });
    await expect(tool.call('')).resolves.toBe('2026-11-29');
    expect(tool.getToolDefinition().inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
    await expect(tool.call('{"x":1}')).rejects.toThrow(
      'Invalid arguments for tool "now": x: is not an accepted property (this object accepts no properties)',
    );
  });

  it('input → nothing answers "Done"', async () => {
    const seen: unknown[] = [];
    const tool = FunctionToolCallback.from({
      name: 'log',
      inputSchema: { type: 'object', properties: { line: { type: 'string' } }, required: ['line'] },
      fn: (input: { line: string }) => {
        seen.push(input.line);
      },
    });
    await expect(tool.call('{"line":"hello"}')).resolves.toBe('Done');
    expect(seen).toEqual(['hello']);
  });

  it('refuses a function that takes an input but declares no schema', () => {
    const define = () =>
      FunctionToolCallback.from({ name: 'echo', fn: ((text: string) => text) as () => string });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(
      'function tool "echo": the function takes an input but the tool declares none; give input (a Standard Schema), inputType (a DTO class) or inputSchema (a JSON Schema), or make it a function without parameters',
    );
  });

  it('refuses bad names and a JSON Schema that is not an object', () => {
    expect(() => FunctionToolCallback.from({ name: 'bad name', fn: () => 1 })).toThrow(
      /invalid tool name "bad name"/,
    );
    expect(() =>
      FunctionToolCallback.from({
        name: 'arr',
        inputSchema: { type: 'array' },
        fn: (input: unknown) => input,
      }),
    ).toThrow('function tool "arr": inputSchema must be a JSON Schema with type: "object"');
  });

  it('validates input and wraps failures', async () => {
    const tool = FunctionToolCallback.from({
      name: 'divide',
      input: z.object({ a: z.number(), b: z.number() }),
      returnDirect: true,
      sequential: true,
      timeoutMs: 500,
      fn: ({ a, b }) => {
        if (b === 0) throw new Error('division by zero');
        return a / b;
      },
    });
    expect(tool.getToolMetadata()).toEqual({ returnDirect: true, sequential: true, timeoutMs: 500 });
    await expect(tool.call('{"a":1,"b":4}')).resolves.toBe('0.25');
    await expect(tool.call('{"a":1}')).rejects.toBeInstanceOf(InvalidToolInputError);
    const error = await tool.call('{"a":1,"b":0}').catch((e) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.message).toBe('division by zero');
  });

  it('ignores a context it does not take, and logs that once', async () => {
    const log = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    try {
      const tool = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
      await tool.call('{}', ToolContext.of({ token: 'secret-token' }));
      await tool.call('{}', ToolContext.of({ token: 'secret-token' }));
      expect(log).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(log.mock.calls)).not.toContain('secret-token');
    } finally {
      log.mockRestore();
    }
  });

  it('rejects a timeout that is not a positive number', () => {
    expect(() => FunctionToolCallback.from({ name: 't', timeoutMs: 0, fn: () => 1 })).toThrow(
      'function tool "t": timeoutMs must be a positive number of milliseconds',
    );
  });
});
