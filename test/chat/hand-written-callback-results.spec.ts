import { ChatClient, type ChatStreamEvent, type ToolCallback, type ToolResponse } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

/** A hand-written callback (as JavaScript or an `any` would write it) whose `call()` does `behaviour`. */
function handWritten(name: string, behaviour: () => unknown): ToolCallback {
  return {
    getToolDefinition: () => ({ name, description: name, inputSchema: { type: 'object', properties: {} } }),
    getToolMetadata: () => ({ returnDirect: false }),
    call: behaviour as ToolCallback['call'],
  };
}

function toolResponseSent(model: ScriptedChatModel): ToolResponse {
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  return (message as { responses: readonly ToolResponse[] }).responses[0];
}

async function viaCall(callback: ToolCallback): Promise<ToolResponse> {
  const name = callback.getToolDefinition().name;
  const model = new ScriptedChatModel([{ toolCalls: [{ name }] }, 'answered']);
  const answer = await ChatClient.create(model, { toolCallbacks: [callback] })
    .prompt('go')
    .call()
    .content();
  expect(answer).toBe('answered');
  return toolResponseSent(model);
}

async function viaStream(callback: ToolCallback): Promise<ToolResponse> {
  const name = callback.getToolDefinition().name;
  const model = new ScriptedChatModel([{ toolCalls: [{ name }] }, 'answered']);
  const events: ChatStreamEvent[] = [];
  for await (const event of ChatClient.create(model, { toolCallbacks: [callback] })
    .prompt('go')
    .stream()
    .events()) {
    events.push(event);
  }
  expect(events.at(-1)).toMatchObject({ type: 'finished' });
  return toolResponseSent(model);
}

const cases: ReadonlyArray<[string, () => unknown, Partial<ToolResponse>]> = [
  // Spring AI's shouldHandleToolCallReturningNull: no exception, an empty result.
  ['resolves null', () => Promise.resolve(null), { isError: false, result: '' }],
  ['resolves undefined', () => Promise.resolve(undefined), { isError: false, result: '' }],
  ['returns null without a promise', () => null, { isError: false, result: '' }],
  ['resolves a number', () => Promise.resolve(42), { isError: false, result: '42' }],
  ['resolves a boolean', () => Promise.resolve(false), { isError: false, result: 'false' }],
  ['resolves an object', () => Promise.resolve({ a: 1 }), { isError: false, result: '{"a":1}' }],
  [
    'resolves a value JSON cannot represent',
    () => Promise.resolve(10n),
    {
      isError: true,
      result: 'the result of tool "odd" cannot be converted to JSON: Do not know how to serialize a BigInt',
    },
  ],
  ['rejects with null', () => Promise.reject(null), { isError: true, result: 'null' }],
  ['rejects with undefined', () => Promise.reject(undefined), { isError: true, result: 'undefined' }],
  ['rejects with a string', () => Promise.reject('no luck'), { isError: true, result: 'no luck' }],
  [
    'throws a non-Error',
    () => {
      throw 7;
    },
    { isError: true, result: '7' },
  ],
];

describe('whatever a hand-written callback resolves or throws, the call goes on', () => {
  describe.each([
    ['call()', viaCall],
    ['stream()', viaStream],
  ])('%s', (_, run) => {
    it.each(cases)('a callback that %s', async (_case, behaviour, expected) => {
      const response = await run(handWritten('odd', behaviour));
      expect(response).toMatchObject({ name: 'odd', ...expected });
    });
  });
});
