import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  ChatClient,
  FunctionToolCallback,
  Tool,
  ToolCallingLimitError,
  ToolCallingModule,
  ToolDefinitionError,
  type ChatStreamEvent,
  type ToolCallingLimits,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ScriptedTurn } from 'nestjs-tool-calling/testing';
import { noInputTool } from './fixtures';

const MARKER = (shown: number, total: number) =>
  `\n[The result was truncated: it has ${total} characters and only the first ${shown} are shown. ` +
  'Ask for less (a narrower query, fewer fields) if you need the rest.]';

function calling(...names: string[]): ScriptedTurn {
  return { toolCalls: names.map((name) => ({ name })) };
}

function lastToolResults(model: ScriptedChatModel): readonly ToolResponse[] {
  const last = model.requests.at(-1)!.messages.at(-1)!;
  return last.role === 'tool' ? last.responses : [];
}

function clientWith(
  model: ScriptedChatModel,
  limits: ToolCallingLimits,
  tools = [noInputTool('a', () => 'A')],
) {
  return ChatClient.create(model, { toolCallbacks: tools }, { toolCallingManager: { limits } });
}

describe('maxResultChars', () => {
  const big = 'x'.repeat(250_000);

  it('cuts a result over the default 100 000 characters, with a marker the model reads', async () => {
    const model = new ScriptedChatModel([calling('dump'), 'done']);
    const chat = clientWith(model, {}, [noInputTool('dump', () => big)]);
    expect(await chat.prompt('go').call().content()).toBe('done');
    const [response] = lastToolResults(model);
    expect(response.result).toBe('x'.repeat(100_000) + MARKER(100_000, 250_000));
    expect(response.isError).toBe(false);
  });

  it("takes the client's limit, and a tool's own limit over it; Infinity means none", async () => {
    const tools = [
      noInputTool('short', () => 'abcdefghij'),
      FunctionToolCallback.from({ name: 'own', fn: () => 'abcdefghij', maxResultChars: 8 }),
      FunctionToolCallback.from({ name: 'unbounded', fn: () => big, maxResultChars: Infinity }),
    ];
    const model = new ScriptedChatModel([calling('short', 'own', 'unbounded'), 'done']);
    await clientWith(model, { maxResultChars: 4 }, tools).prompt('go').call().content();
    expect(lastToolResults(model).map((r) => r.result)).toEqual([
      'abcd' + MARKER(4, 10),
      'abcdefgh' + MARKER(8, 10),
      big,
    ]);
  });

  it('cuts error texts too, and never splits a surrogate pair', async () => {
    const tools = [
      noInputTool('fails', () => {
        throw new Error('e'.repeat(50));
      }),
      noInputTool('emoji', () => 'ab😀cd'),
    ];
    const model = new ScriptedChatModel([calling('fails', 'emoji'), 'done']);
    await clientWith(model, { maxResultChars: 3 }, tools).prompt('go').call().content();
    expect(lastToolResults(model).map((r) => [r.result, r.isError])).toEqual([
      ['eee' + MARKER(3, 50), true],
      ['ab' + MARKER(2, 6), false],
    ]);
  });

  it('reports a tool-result-truncated event before the result in a stream', async () => {
    const model = new ScriptedChatModel([calling('dump'), 'done']);
    const chat = clientWith(model, { maxResultChars: 10 }, [noInputTool('dump', () => big)]);
    const events: ChatStreamEvent[] = [];
    for await (const event of chat.prompt('go').stream().events()) events.push(event);
    const types = events.map((event) => event.type);
    expect(types.slice(0, 6)).toEqual([
      'tool-input-delta',
      'round-finished',
      'tool-call-started',
      'tool-result-truncated',
      'tool-result',
      'text-delta',
    ]);
    expect(events[3]).toMatchObject({
      type: 'tool-result-truncated',
      round: 1,
      toolCall: { name: 'dump' },
      resultChars: 250_000,
      maxResultChars: 10,
    });
    expect(events[4]).toMatchObject({ toolResponse: { result: 'x'.repeat(10) + MARKER(10, 250_000) } });
  });

  it('is the module option limits.maxResultChars, and @Tool({ maxResultChars }) per tool', async () => {
    @Injectable()
    class ReportTools {
      @Tool({ description: 'the report' })
      report(): string {
        return '0123456789';
      }

      @Tool({ description: 'the summary', maxResultChars: 2 })
      summary(): string {
        return '0123456789';
      }
    }
    const model = new ScriptedChatModel([calling('report', 'summary'), 'done']);
    const moduleRef = await Test.createTestingModule({
      imports: [ToolCallingModule.forRoot({ chatModel: model, limits: { maxResultChars: 5 } })],
      providers: [ReportTools],
    }).compile();
    const app = await moduleRef.init();
    try {
      await app.get(ChatClient).prompt('go').call().content();
      expect(lastToolResults(model).map((r) => r.result)).toEqual([
        '01234' + MARKER(5, 10),
        '01' + MARKER(2, 10),
      ]);
    } finally {
      await app.close();
    }
  });

  it('refuses a limit that cannot work, for the manager and for a tool', () => {
    expect(() => clientWith(new ScriptedChatModel([]), { maxResultChars: 0 })).toThrow(
      'Invalid option limits.maxResultChars: 0; expected a positive integer or Infinity',
    );
    expect(() => FunctionToolCallback.from({ name: 'bad', fn: () => 'x', maxResultChars: 1.5 })).toThrow(
      ToolDefinitionError,
    );
    expect(() => FunctionToolCallback.from({ name: 'bad', fn: () => 'x', maxResultChars: -1 })).toThrow(
      'function tool "bad": maxResultChars must be a positive integer or Infinity',
    );
  });
});

describe('every call the model asks for counts toward the call limits', () => {
  it('counts invented tool names toward maxToolCallsPerRequest', async () => {
    const model = new ScriptedChatModel([
      calling('invented'),
      calling('alsoInvented'),
      calling('a'),
      'never',
    ]);
    const error = await clientWith(model, { maxToolCallsPerRequest: 2 })
      .prompt('go')
      .call()
      .content()
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ToolCallingLimitError);
    expect(error).toMatchObject({ limit: 'maxToolCallsPerRequest', value: 2 });
    expect(model.requests).toHaveLength(3);
  });

  it('counts an invented name toward maxCallsPerTool', async () => {
    const model = new ScriptedChatModel([calling('invented', 'invented'), 'never']);
    const error = await clientWith(model, { maxCallsPerTool: 1 })
      .prompt('go')
      .call()
      .content()
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({
      name: 'ToolCallingLimitError',
      limit: 'maxCallsPerTool',
      toolName: 'invented',
    });
  });

  it.each(['error', 'tell-model'] as const)(
    "refuses a response with more calls than the limit before any per-call work (onLimit: '%s')",
    async (onLimit) => {
      const names = Array.from({ length: 100_000 }, (_, i) => `invented${i}`);
      const model = new ScriptedChatModel([calling(...names), 'never']);
      const events: string[] = [];
      const request = clientWith(model, { onLimit }).prompt('go');
      const error = await (async () => {
        for await (const event of request.stream().events()) events.push(event.type);
      })().catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(ToolCallingLimitError);
      expect((error as Error).message).toBe(
        'Tool calling stopped: one model response asked for 100000 tool calls, more than limits.maxToolCallsPerRequest (50) allows in a whole call, so none of them was run. Raise limits.maxToolCallsPerRequest if such responses are expected; error.history holds the conversation so far.',
      );
      expect(error).toMatchObject({ limit: 'maxToolCallsPerRequest', value: 50, requestedCalls: 100_000 });
      // The model streamed each call's arguments before the response was whole; no call was run.
      expect(events.filter((type) => type === 'tool-input-delta')).toHaveLength(100_000);
      expect(events.filter((type) => type !== 'tool-input-delta')).toEqual(['round-finished']);
      expect(model.requests).toHaveLength(1);
    },
  );
});
