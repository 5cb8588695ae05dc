import {
  ChatClient,
  ToolCallingLimitError,
  ToolCallingManager,
  ToolCallingOptionsError,
  type ToolCallingLimits,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ScriptedTurn } from 'nestjs-tool-calling/testing';
import { noInputTool } from './fixtures';

function clientWith(model: ScriptedChatModel, limits: ToolCallingLimits, counts: Map<string, number>) {
  const tool = (name: string) =>
    noInputTool(name, () => {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return `${name} done`;
    });
  return ChatClient.create(
    model,
    { toolCallbacks: [tool('a'), tool('b')] },
    { toolCallingManager: { limits } },
  );
}

function calling(...names: string[]): ScriptedTurn {
  return { toolCalls: names.map((name) => ({ name })) };
}

function toolResults(model: ScriptedChatModel, request: number): readonly ToolResponse[] {
  const last = model.requests[request].messages.at(-1)!;
  return last.role === 'tool' ? last.responses : [];
}

async function rejection(promise: Promise<unknown>): Promise<ToolCallingLimitError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ToolCallingLimitError);
  return error as ToolCallingLimitError;
}

describe('limits', () => {
  it('has documented defaults', () => {
    expect(new ToolCallingManager().limits).toEqual({
      maxRounds: 10,
      maxToolCallsPerRequest: 50,
      maxCallsPerTool: 20,
      toolTimeoutMs: 60_000,
      maxConcurrency: 8,
      onLimit: 'error',
      maxResultChars: 100_000,
      maxResultBytes: 5_242_880,
    });
  });

  describe("maxRounds, onLimit: 'error' (the default)", () => {
    it('stops when the model still asks for tools in the last round, with the history so far', async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a'), calling('a'), calling('a')]);
      const error = await rejection(
        clientWith(model, { maxRounds: 2 }, counts).prompt('go').call().content(),
      );
      expect(error.message).toBe(
        "Tool calling stopped: the model was still asking for tools after 2 rounds (limits.maxRounds is 2, the most model requests one call may make). Raise limits.maxRounds, or set limits.onLimit to 'tell-model'; error.history holds the conversation so far.",
      );
      expect(error).toMatchObject({ limit: 'maxRounds', value: 2 });
      expect(error.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      expect(model.requests).toHaveLength(2);
      expect(counts.get('a')).toBe(1);
    });

    it('allows exactly maxRounds requests when the last one answers', async () => {
      const model = new ScriptedChatModel([calling('a'), 'answer']);
      const answer = await clientWith(model, { maxRounds: 2 }, new Map()).prompt('go').call().content();
      expect(answer).toBe('answer');
    });
  });

  describe("maxRounds, onLimit: 'tell-model'", () => {
    it("sends the last allowed request with toolChoice 'none'", async () => {
      const model = new ScriptedChatModel([calling('a'), 'answer with what I have']);
      const chat = clientWith(model, { maxRounds: 2, onLimit: 'tell-model' }, new Map());
      expect(await chat.prompt('go').options({ toolChoice: 'required' }).call().content()).toBe(
        'answer with what I have',
      );
      expect(model.requests[0].options.toolChoice).toBe('required');
      expect(model.requests[1].options.toolChoice).toBe('none');
    });

    it('still stops a model that asks for tools anyway', async () => {
      const model = new ScriptedChatModel([calling('a'), calling('a')]);
      const chat = clientWith(model, { maxRounds: 2, onLimit: 'tell-model' }, new Map());
      const error = await rejection(chat.prompt('go').call().content());
      expect(error.limit).toBe('maxRounds');
    });
  });

  describe('maxToolCallsPerRequest', () => {
    it("stops before running any call of the round that would exceed it ('error')", async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a'), calling('a', 'b'), 'never']);
      const error = await rejection(
        clientWith(model, { maxToolCallsPerRequest: 2 }, counts).prompt('go').call().content(),
      );
      expect(error.message).toBe(
        "Tool calling stopped: the model asked for more than 2 tool calls (limits.maxToolCallsPerRequest is 2, the most tool calls one call may run). Raise limits.maxToolCallsPerRequest, or set limits.onLimit to 'tell-model'; error.history holds the conversation so far.",
      );
      expect(error).toMatchObject({ limit: 'maxToolCallsPerRequest', value: 2, toolName: undefined });
      expect(error.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      expect(counts).toEqual(new Map([['a', 1]]));
    });

    it("runs the calls within it and tells the model about the others ('tell-model')", async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a'), calling('b', 'a'), 'fine']);
      const chat = clientWith(model, { maxToolCallsPerRequest: 2, onLimit: 'tell-model' }, counts);
      expect(await chat.prompt('go').call().content()).toBe('fine');
      expect(counts).toEqual(
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
      );
      expect(toolResults(model, 2).map((r) => [r.result, r.isError])).toEqual([
        ['b done', false],
        [
          'Tool "a" was not run: at most 2 tool calls are allowed in this conversation. Answer with the results you already have.',
          true,
        ],
      ]);
    });
  });

  describe('maxCallsPerTool', () => {
    it("counts the calls of each tool across rounds ('error')", async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a', 'b'), calling('b', 'a'), 'never']);
      const error = await rejection(
        clientWith(model, { maxCallsPerTool: 1 }, counts).prompt('go').call().content(),
      );
      expect(error.message).toBe(
        'Tool calling stopped: the model asked for tool "b" more than 1 times (limits.maxCallsPerTool is 1, the most calls of one tool one call may run). Raise limits.maxCallsPerTool, or set limits.onLimit to \'tell-model\'; error.history holds the conversation so far.',
      );
      expect(error).toMatchObject({ limit: 'maxCallsPerTool', value: 1, toolName: 'b' });
      expect(counts).toEqual(
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
      );
    });

    it("tells the model which tool it may not call again ('tell-model')", async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a'), calling('a', 'b'), 'fine']);
      const chat = clientWith(model, { maxCallsPerTool: 1, onLimit: 'tell-model' }, counts);
      await chat.prompt('go').call().content();
      expect(toolResults(model, 2).map((r) => r.result)).toEqual([
        'Tool "a" was not run: it may be called at most 1 times in this conversation. Answer with the results you already have.',
        'b done',
      ]);
      expect(counts.get('a')).toBe(1);
    });

    it('starts counting afresh on each call', async () => {
      const counts = new Map<string, number>();
      const model = new ScriptedChatModel([calling('a'), 'one', calling('a'), 'two']);
      const chat = clientWith(model, { maxCallsPerTool: 1 }, counts);
      expect(await chat.prompt('go').call().content()).toBe('one');
      expect(await chat.prompt('go').call().content()).toBe('two');
      expect(counts.get('a')).toBe(2);
    });
  });

  describe('invalid values', () => {
    it.each([
      [{ maxRounds: 0 }, 'Invalid option limits.maxRounds: 0; expected a positive integer'],
      [{ maxRounds: Infinity }, 'Invalid option limits.maxRounds: Infinity; expected a positive integer'],
      [
        { maxToolCallsPerRequest: 1.5 },
        'Invalid option limits.maxToolCallsPerRequest: 1.5; expected a positive integer or Infinity',
      ],
      [
        { maxCallsPerTool: -1 },
        'Invalid option limits.maxCallsPerTool: -1; expected a positive integer or Infinity',
      ],
      [
        { maxConcurrency: 0 },
        'Invalid option limits.maxConcurrency: 0; expected a positive integer or Infinity',
      ],
      [
        { toolTimeoutMs: 0 },
        'Invalid option limits.toolTimeoutMs: 0; expected a positive number of milliseconds or Infinity',
      ],
      [
        { toolTimeoutMs: NaN },
        'Invalid option limits.toolTimeoutMs: NaN; expected a positive number of milliseconds or Infinity',
      ],
      [
        { onLimit: 'ignore' as never },
        `Invalid option limits.onLimit: "ignore"; expected 'error' or 'tell-model'`,
      ],
    ])('refuses %j', (limits, message) => {
      expect(() => new ToolCallingManager({ limits })).toThrow(ToolCallingOptionsError);
      expect(() =>
        ChatClient.create(new ScriptedChatModel([]), {}, { toolCallingManager: { limits } }),
      ).toThrow(message);
    });

    it('accepts Infinity where it means "no limit", and runs without a timer then', async () => {
      const manager = new ToolCallingManager({
        limits: {
          maxToolCallsPerRequest: Infinity,
          maxCallsPerTool: Infinity,
          maxConcurrency: Infinity,
          toolTimeoutMs: Infinity,
        },
      });
      const model = new ScriptedChatModel([calling('a', 'a', 'b'), 'ok']);
      const chat = ChatClient.create(
        model,
        { toolCallbacks: [noInputTool('a', () => 'A'), noInputTool('b', () => 'B')] },
        { toolCallingManager: manager },
      );
      expect(await chat.prompt('go').call().content()).toBe('ok');
      expect(toolResults(model, 1).map((r) => r.result)).toEqual(['A', 'A', 'B']);
    });
  });
});
