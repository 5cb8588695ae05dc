import { z } from 'zod';
import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolInputError,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

/** The cap on an input error's text, as docs/errors-and-limits.md states it. */
const MAX_ERROR_CHARS = 4096;

const numbers = FunctionToolCallback.from({
  name: 'sum',
  inputSchema: {
    type: 'object',
    properties: { values: { type: 'array', items: { type: 'number' } } },
    required: ['values'],
    additionalProperties: false,
  },
  fn: (input: { values: number[] }) => input.values.reduce((a, b) => a + b, 0),
});

async function inputError(callback: FunctionToolCallback, json: string): Promise<InvalidToolInputError> {
  const error = await callback.call(json).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidToolInputError);
  return error as InvalidToolInputError;
}

describe('input errors stay small, however many problems the arguments have', () => {
  it('shows the first ten issues and counts the rest', async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `n${i}`);
    const error = await inputError(numbers, JSON.stringify({ values }));
    expect(error.issueCount).toBe(20_000);
    expect(error.issues).toHaveLength(100);
    expect(error.issues[99]).toEqual({
      path: 'values[99]',
      message: 'must be number, received string "n99"',
    });
    const shown = Array.from(
      { length: 10 },
      (_, i) => `values[${i}]: must be number, received string "n${i}"`,
    );
    expect(error.message).toBe(
      `Invalid arguments for tool "sum": ${shown.join('; ')}; … and 19,990 more. ` +
        'Correct the arguments and call the tool again.',
    );
  });

  it('caps the text of 20,000 unknown keys, and of one very long key', async () => {
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`extra${i}`, i]));
    const many = await inputError(numbers, JSON.stringify({ values: [], ...keys }));
    expect(many.message).toContain('extra0: is not an accepted property (accepted: values); ');
    expect(many.message).toContain('; … and 19,990 more. Correct the arguments and call the tool again.');
    expect(many.message.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);

    const long = await inputError(numbers, JSON.stringify({ values: [], ['k'.repeat(100_000)]: 1 }));
    expect(long.message.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
    expect(long.message).toMatch(/^Invalid arguments for tool "sum": k+…\. Correct the arguments/);
  });

  it('caps a Standard Schema tool’s error the same way', async () => {
    const tags = FunctionToolCallback.from({
      name: 'tag',
      input: z.object({ tags: z.array(z.string()) }),
      fn: (input) => input.tags.length,
    });
    const error = await inputError(
      tags,
      JSON.stringify({ tags: Array.from({ length: 5_000 }, (_, i) => i) }),
    );
    expect(error.message).toContain('; … and 4,990 more. Correct the arguments and call the tool again.');
    expect(error.message.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
  });

  it('sends the model the capped text as the tool result', async () => {
    const values = Array.from({ length: 5_000 }, () => 'x');
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'sum', arguments: JSON.stringify({ values }) }] },
      'done',
    ]);
    await ChatClient.create(model, { toolCallbacks: [numbers] })
      .prompt('add them')
      .call()
      .content();
    const message = model.requests[1].messages.find((m) => m.role === 'tool');
    const [response] = (message as { responses: readonly ToolResponse[] }).responses;
    expect(response.isError).toBe(true);
    expect(response.result).toContain('; … and 4,990 more. Correct the arguments and call the tool again.');
    expect(response.result.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
  });
});
