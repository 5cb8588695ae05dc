import {
  ChatClient,
  FunctionToolCallback,
  ToolCallingOptionsError,
  type ToolResponseMessage,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

/** `readPage({ page })`: 1,000 characters of page text. */
function readPage(): FunctionToolCallback {
  return FunctionToolCallback.from({
    name: 'readPage',
    description: 'Text of a page',
    inputSchema: { type: 'object', properties: { page: { type: 'integer' } }, required: ['page'] },
    fn: ({ page }: { page: number }) => `page ${page} `.padEnd(1000, '.'),
  });
}

const read = (page: number) => ({ toolCalls: [{ id: `p${page}`, name: 'readPage', arguments: { page } }] });

function toolResults(messages: readonly { role: string }[]): string[] {
  return (messages.filter((m) => m.role === 'tool') as ToolResponseMessage[]).flatMap((m) =>
    m.responses.map((r) => r.result),
  );
}

const marker = (page: number) =>
  `[The result of tool "readPage" (call p${page}) was elided to save space: it had 1000 characters. ` +
  'Call the tool again if you need it.]';

describe('elideToolResults', () => {
  it('sends old results beyond the budget as a marker naming the tool and call; the history keeps them whole', async () => {
    const model = new ScriptedChatModel([read(1), read(2), read(3), read(4), 'Read them all.']);
    const response = await ChatClient.create(model, { toolCallbacks: [readPage()] })
      .prompt('Read the book')
      .elideToolResults({ budget: 1500 })
      .call()
      .chatResponse();

    const page = (n: number) => `page ${n} `.padEnd(1000, '.');
    expect(toolResults(model.requests[1].messages)).toEqual([page(1)]);
    // The latest round is always whole; earlier ones newest first, while they fit in 1,500 characters.
    expect(toolResults(model.requests[2].messages)).toEqual([page(1), page(2)]);
    expect(toolResults(model.requests[3].messages)).toEqual([marker(1), page(2), page(3)]);
    expect(toolResults(model.requests[4].messages)).toEqual([marker(1), marker(2), page(3), page(4)]);
    expect(toolResults(response.history)).toEqual([page(1), page(2), page(3), page(4)]);
    expect(response.toolExecutions.map((r) => r.toolResponse.result.length)).toEqual([
      1000, 1000, 1000, 1000,
    ]);
  });

  it('measures with the given function (a tokenizer’s count), as a client default', async () => {
    const model = new ScriptedChatModel([read(1), read(2), read(3), 'Done.']);
    const words = (text: string): number => text.split(' ').length;
    await ChatClient.create(model, {
      toolCallbacks: [readPage()],
      elideToolResults: { budget: 3, measure: words },
    })
      .prompt('Read')
      .call()
      .content();
    // Each page is three "words": one earlier page fits in the budget.
    expect(toolResults(model.requests[3].messages)).toEqual([
      marker(1),
      `page 2 `.padEnd(1000, '.'),
      `page 3 `.padEnd(1000, '.'),
    ]);
  });

  it('refuses a budget that cannot work', () => {
    const client = ChatClient.create(new ScriptedChatModel([]));
    expect(() => client.prompt('Hi').elideToolResults({ budget: -1 })).toThrow(
      new ToolCallingOptionsError('elideToolResults.budget', -1, 'a finite number ≥ 0'),
    );
    expect(() => ChatClient.create(new ScriptedChatModel([]), { elideToolResults: { budget: NaN } })).toThrow(
      'Invalid option elideToolResults.budget: NaN; expected a finite number ≥ 0',
    );
  });
});
