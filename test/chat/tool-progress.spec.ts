import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolProgressError,
  Tool,
  ToolContext,
  ToolContextParam,
  ToolParam,
  ToolResult,
  type ChatStreamEvent,
  type ToolProgressUpdate,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { deferred } from './fixtures';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The events a tool call makes, without the model's. */
function callEvents(events: readonly ChatStreamEvent[]): ChatStreamEvent[] {
  return events.filter((event) => event.type.startsWith('tool-') && event.type !== 'tool-input-delta');
}

const IMPORT = { id: 'call_1', name: 'import_rows', arguments: '{"file":"rows.csv"}' };

function importModel(): ScriptedChatModel {
  return new ScriptedChatModel([
    { toolCalls: [{ id: 'call_1', name: 'import_rows', arguments: { file: 'rows.csv' } }] },
    'Imported.',
  ]);
}

const FILE_INPUT = {
  type: 'object',
  properties: { file: { type: 'string' } },
  required: ['file'],
  additionalProperties: false,
} as const;

describe('progress of a running tool (ToolContext.reportProgress)', () => {
  const importRows = FunctionToolCallback.from({
    name: 'import_rows',
    inputSchema: FILE_INPUT,
    fn: async (input: { file: string }, context: ToolContext) => {
      context.reportProgress({ progress: 0, total: 2, message: `reading ${input.file}` });
      await Promise.resolve();
      context.reportProgress({ progress: 2, total: 2 });
      return '2 rows imported';
    },
  });

  it('becomes tool-progress events of stream(), between the call’s start and its result, never sent to the model', async () => {
    const model = importModel();
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [importRows] })
        .prompt('Import rows.csv')
        .stream()
        .events(),
    );

    expect(callEvents(events)).toEqual([
      { type: 'tool-call-started', round: 1, toolCall: IMPORT },
      {
        type: 'tool-progress',
        round: 1,
        toolCall: IMPORT,
        progress: 0,
        total: 2,
        message: 'reading rows.csv',
      },
      { type: 'tool-progress', round: 1, toolCall: IMPORT, progress: 2, total: 2 },
      {
        type: 'tool-result',
        round: 1,
        toolResponse: { id: 'call_1', name: 'import_rows', result: '2 rows imported', isError: false },
      },
    ]);
    expect(JSON.stringify(model.requests[1].messages)).not.toContain('reading');
  });

  it('does nothing in call()', async () => {
    const answer = await ChatClient.create(importModel(), { toolCallbacks: [importRows] })
      .prompt('Import rows.csv')
      .call()
      .content();
    expect(answer).toBe('Imported.');
  });

  it('goes to the sink a server plugs in with withProgressSink(), outside a chat call', async () => {
    const updates: ToolProgressUpdate[] = [];
    const result = await importRows.call(
      '{"file":"rows.csv"}',
      ToolContext.empty().withProgressSink((update) => updates.push(update)),
    );
    expect(result).toBe('2 rows imported');
    expect(updates).toEqual([
      { progress: 0, total: 2, message: 'reading rows.csv' },
      { progress: 2, total: 2 },
    ]);
  });

  it('reaches a @Tool method through its ToolContext parameter', async () => {
    class Importer {
      @Tool()
      async importRows(
        @ToolParam({ name: 'file' }) file: string,
        @ToolContextParam() context: ToolContext,
      ): Promise<string> {
        context.reportProgress({ message: `opening ${file}` });
        return 'done';
      }
    }
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'importRows', arguments: { file: 'a.csv' } }] },
      'Ok.',
    ]);
    const events = await collect(
      ChatClient.create(model, { tools: [new Importer()] })
        .prompt('go')
        .stream()
        .events(),
    );
    expect(events.filter((event) => event.type === 'tool-progress')).toMatchObject([
      { message: 'opening a.csv' },
    ]);
  });

  it.each([
    [{ progress: Number.NaN }, 'progress must be a finite number, at least 0'],
    [{ progress: 1, total: -2 }, 'total must be a finite number, at least 0'],
    [{ message: 42 }, 'a message must be a string'],
  ])('refuses %j with an InvalidToolProgressError the model reads', async (progress, text) => {
    const tool = FunctionToolCallback.from({
      name: 'import_rows',
      inputSchema: FILE_INPUT,
      fn: (_input: unknown, context: ToolContext) => {
        context.reportProgress(progress as never);
        return 'unreachable';
      },
    });
    const events = await collect(
      ChatClient.create(importModel(), { toolCallbacks: [tool] })
        .prompt('go')
        .stream()
        .events(),
    );
    const error = events.find((event) => event.type === 'tool-error');
    expect(error).toMatchObject({ toolResponse: { result: expect.stringContaining(text) } });
    expect(() =>
      ToolContext.empty()
        .withProgressSink(() => undefined)
        .forTool('t')
        .reportProgress(progress as never),
    ).toThrow(InvalidToolProgressError);
  });
});

describe('a tool written as an async generator (preliminary results)', () => {
  it('reports each yielded value as a preliminary result; the last one is the result the model sees', async () => {
    const tool = FunctionToolCallback.from({
      name: 'import_rows',
      inputSchema: FILE_INPUT,
      fn: async function* (input: { file: string }) {
        yield `reading ${input.file}`;
        yield { imported: 1 };
        yield { imported: 2, done: true };
      },
    });
    const model = importModel();
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('go')
        .stream()
        .events(),
    );

    expect(callEvents(events)).toEqual([
      { type: 'tool-call-started', round: 1, toolCall: IMPORT },
      { type: 'tool-progress', round: 1, toolCall: IMPORT, preliminary: 'reading rows.csv' },
      { type: 'tool-progress', round: 1, toolCall: IMPORT, preliminary: '{"imported":1}' },
      { type: 'tool-progress', round: 1, toolCall: IMPORT, preliminary: '{"imported":2,"done":true}' },
      {
        type: 'tool-result',
        round: 1,
        toolResponse: {
          id: 'call_1',
          name: 'import_rows',
          result: '{"imported":2,"done":true}',
          isError: false,
        },
      },
    ]);
    const sent = JSON.stringify(model.requests[1].messages);
    expect(sent).not.toContain('reading');
    expect(sent).not.toContain('{\\"imported\\":1}');
  });

  it('takes the value it returns as its result, when it returns one', async () => {
    const tool = FunctionToolCallback.from({
      name: 'import_rows',
      inputSchema: FILE_INPUT,
      fn: async function* () {
        yield 'half way';
        return 'all rows imported';
      },
    });
    const answer = await ChatClient.create(importModel(), { toolCallbacks: [tool] })
      .prompt('go')
      .call()
      .chatResponse();
    expect(answer.history.find((message) => message.role === 'tool')).toMatchObject({
      responses: [{ result: 'all rows imported', isError: false }],
    });
  });

  it('reports the parts of a yielded ToolResult', async () => {
    const tool = FunctionToolCallback.from({
      name: 'import_rows',
      inputSchema: FILE_INPUT,
      fn: async function* () {
        yield ToolResult.of('first rows');
        yield 'done';
      },
    });
    const events = await collect(
      ChatClient.create(importModel(), { toolCallbacks: [tool] })
        .prompt('go')
        .stream()
        .events(),
    );
    expect(events.filter((event) => event.type === 'tool-progress')).toMatchObject([
      { preliminary: [{ type: 'text', text: 'first rows' }] },
      { preliminary: 'done' },
    ]);
  });

  it('is stopped at its time limit: nothing more is reported, and it is closed (its finally runs)', async () => {
    const closed = deferred();
    const release = deferred();
    let passedSecondYield = false;
    class Importer {
      @Tool({ timeoutMs: 50 })
      async *importRows(@ToolParam({ name: 'file' }) file: string): AsyncGenerator<string> {
        try {
          yield `reading ${file}`;
          await release.promise;
          yield 'second';
          passedSecondYield = true;
          yield 'third';
        } finally {
          closed.resolve();
        }
      }
    }
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_1', name: 'importRows', arguments: { file: 'rows.csv' } }] },
      'Too slow.',
    ]);

    const events = await collect(
      ChatClient.create(model, { tools: [new Importer()] })
        .prompt('go')
        .stream()
        .events(),
    );
    release.resolve();
    await closed.promise;

    expect(events.filter((event) => event.type === 'tool-progress')).toMatchObject([
      { preliminary: 'reading rows.csv' },
    ]);
    expect(events.find((event) => event.type === 'tool-error')).toMatchObject({
      toolResponse: { result: expect.stringContaining('50') },
    });
    expect(passedSecondYield).toBe(false);
    expect(JSON.stringify(model.requests[1].messages)).not.toContain('reading');
  });

  it('is closed when the consumer leaves the stream', async () => {
    const closed = deferred();
    const tool = FunctionToolCallback.from({
      name: 'import_rows',
      inputSchema: FILE_INPUT,
      fn: async function* (_input: unknown, context: ToolContext) {
        try {
          yield 'first';
          await new Promise((resolve) => context.signal!.addEventListener('abort', resolve));
          yield 'never reported';
        } finally {
          closed.resolve();
        }
      },
    });
    const seen: ChatStreamEvent[] = [];
    for await (const event of ChatClient.create(importModel(), { toolCallbacks: [tool] })
      .prompt('go')
      .stream()
      .events()) {
      seen.push(event);
      if (event.type === 'tool-progress') break;
    }
    await closed.promise;
    expect(seen.at(-1)).toMatchObject({ type: 'tool-progress', preliminary: 'first' });
  });
});
