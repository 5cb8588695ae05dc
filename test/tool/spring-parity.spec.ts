import { IsInt } from 'class-validator';
import { z } from 'zod';
import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolInputError,
  MethodToolCallback,
  Tool,
  ToolParam,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

async function resultSent(callback: FunctionToolCallback, args = '{}'): Promise<ToolResponse> {
  const name = callback.getToolDefinition().name;
  const model = new ScriptedChatModel([{ toolCalls: [{ name, arguments: args }] }, 'done']);
  await ChatClient.create(model, { toolCallbacks: [callback] })
    .prompt('go')
    .call()
    .content();
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  return (message as { responses: readonly ToolResponse[] }).responses[0];
}

describe("Spring AI's small behaviours", () => {
  it('a literal object schema without properties gets properties: {} (ensureValidInputSchema)', () => {
    const anything = FunctionToolCallback.from({
      name: 'anything',
      inputSchema: { type: 'object' },
      fn: () => 'ok',
    });
    expect(anything.getToolDefinition().inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
    });
  });

  it('a tool error without a message names the tool and the error class', async () => {
    const silent = FunctionToolCallback.from({
      name: 'silent',
      fn: () => {
        throw new RangeError('');
      },
    });
    expect(await resultSent(silent)).toMatchObject({
      isError: true,
      result: 'Exception occurred in tool: silent (RangeError)',
    });
    const blank = FunctionToolCallback.from({
      name: 'blank',
      fn: () => {
        throw '  ';
      },
    });
    expect(await resultSent(blank)).toMatchObject({ result: 'Exception occurred in tool: blank (string)' });
  });

  describe('an integer beyond 2^53 is refused, not silently changed', () => {
    const TOO_BIG =
      'is too large an integer to be exact in JSON (integers from -9007199254740991 to 9007199254740991 are accepted)';

    class Orders {
      @IsInt()
      id!: number;
    }
    class ShippingTools {
      @Tool()
      ship(@ToolParam({ name: 'id', schema: { type: 'integer' } }) id: number): string {
        return `shipped ${id}`;
      }
    }
    class OrderTools {
      @Tool()
      cancel(order: Orders): string {
        return `cancelled ${order.id}`;
      }
    }
    const styles: Array<[string, FunctionToolCallback | MethodToolCallback]> = [
      [
        'a literal JSON Schema',
        FunctionToolCallback.from({
          name: 'fetch',
          inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          fn: (input: { id: number }) => `fetched ${input.id}`,
        }),
      ],
      ['a class-validator DTO', MethodToolCallback.from(new OrderTools(), 'cancel')],
      ['a @ToolParam with an integer schema', MethodToolCallback.from(new ShippingTools(), 'ship')],
    ];

    it.each(styles)('for %s', async (_, callback) => {
      const name = callback.getToolDefinition().name;
      const error = await callback.call('{"id":9007199254740993}').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidToolInputError);
      expect((error as Error).message).toBe(
        `Invalid arguments for tool "${name}": id: ${TOO_BIG}. Correct the arguments and call the tool again.`,
      );
      await expect(callback.call('{"id":9007199254740991}')).resolves.toMatch(/ 9007199254740991$/);
    });

    it('while a number parameter still takes large numbers, and the model is shown the schema as written', async () => {
      const big = FunctionToolCallback.from({
        name: 'big',
        inputSchema: { type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } },
        fn: (input: { n: number }) => String(input.n),
      });
      await expect(big.call('{"n":1e300}')).resolves.toBe('1e+300');
      expect(big.getToolDefinition().inputSchema.properties).toEqual({
        n: { type: 'number' },
        i: { type: 'integer' },
      });
    });

    it('and a zod integer keeps its own bounds', async () => {
      const zodTool = FunctionToolCallback.from({
        name: 'zod_id',
        input: z.object({ id: z.number().int() }),
        fn: (input) => `got ${input.id}`,
      });
      await expect(zodTool.call('{"id":9007199254740993}')).rejects.toThrow(InvalidToolInputError);
    });
  });

  it('a Map or a Set result converts to its entries, not "{}"', async () => {
    const inventory = FunctionToolCallback.from({
      name: 'inventory',
      fn: () => ({
        stock: new Map([
          ['apples', 3],
          ['pears', 0],
        ]),
        tags: new Set(['fresh', 'local']),
        byId: new Map([[1, 'one']]),
        empty: {},
      }),
    });
    expect(await resultSent(inventory)).toMatchObject({
      isError: false,
      result: '{"stock":{"apples":3,"pears":0},"tags":["fresh","local"],"byId":[[1,"one"]],"empty":{}}',
    });
    const bare = FunctionToolCallback.from({ name: 'bare', fn: () => new Set([1, 2]) });
    expect(await resultSent(bare)).toMatchObject({ result: '[1,2]' });
  });
});
