import {
  ChatClient,
  ToolCallingLimitError,
  type Message,
  type ToolCallingLimits,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { tool } from '../support/fault-tools';

/** A model that asks for `perRound` tool calls in every response and never answers. */
function runawayModel(...perRound: string[]): ScriptedChatModel {
  return new ScriptedChatModel((_prompt, index) => ({
    toolCalls: perRound.map((name, i) => ({ id: `r${index + 1}_${i + 1}`, name })),
  }));
}

/** Like `runawayModel`, but it answers when the request forbids tools (toolChoice 'none'), as real models do. */
function obedientRunawayModel(...perRound: string[]): ScriptedChatModel {
  return new ScriptedChatModel((prompt, index) =>
    prompt.options.toolChoice === 'none'
      ? 'my answer with what I have'
      : { toolCalls: perRound.map((name, i) => ({ id: `r${index + 1}_${i + 1}`, name })) },
  );
}

function setUp(model: ScriptedChatModel, limits: ToolCallingLimits) {
  const runs = new Map<string, number>();
  const tools = ['a', 'b'].map((name) =>
    tool(name, () => {
      runs.set(name, (runs.get(name) ?? 0) + 1);
      return `${name} ok`;
    }),
  );
  const chat = ChatClient.create(model, { toolCallbacks: tools }, { toolCallingManager: { limits } });
  return { chat, runs };
}

async function limitError(promise: Promise<unknown>): Promise<ToolCallingLimitError> {
  const error = await promise.then(
    () => new Error('the call resolved'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ToolCallingLimitError);
  return error as ToolCallingLimitError;
}

const roles = (history: readonly Message[]) => history.map((message) => message.role);

/** Every tool result the model was sent, in order, over all requests. */
function resultsSent(model: ScriptedChatModel): Array<[string, boolean]> {
  const last = model.lastRequest!.messages;
  return last
    .filter((message): message is Extract<Message, { role: 'tool' }> => message.role === 'tool')
    .flatMap((message) =>
      message.responses.map((r: ToolResponse): [string, boolean] => [r.result, r.isError]),
    );
}

const limitText = (limit: string, value: number, what: string, hint: string) =>
  `Tool calling stopped: ${what} (limits.${limit} is ${value}, ${hint}). Raise limits.${limit}, or set ` +
  `limits.onLimit to 'tell-model'; error.history holds the conversation so far.`;

describe('a model that never stops asking for tools', () => {
  describe("onLimit: 'error'", () => {
    it('ends at maxRounds with the history so far, the last tool calls not run', async () => {
      const model = runawayModel('a');
      const { chat, runs } = setUp(model, { maxRounds: 4 });
      const error = await limitError(chat.prompt('go').call().content());
      expect(error.message).toBe(
        limitText(
          'maxRounds',
          4,
          'the model was still asking for tools after 4 rounds',
          'the most model requests one call may make',
        ),
      );
      expect(error).toMatchObject({ name: 'ToolCallingLimitError', limit: 'maxRounds', value: 4 });
      expect(roles(error.history)).toEqual([
        'user',
        ...Array(3).fill(['assistant', 'tool']).flat(),
        'assistant',
      ]);
      expect(error.history.at(-1)).toEqual({
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'r4_1', name: 'a', arguments: '{}' }],
      });
      expect(model.requests).toHaveLength(4);
      expect(runs).toEqual(new Map([['a', 3]]));
    });

    it('ends at maxToolCallsPerRequest before running any call of the round that crosses it', async () => {
      const model = runawayModel('a', 'b', 'a');
      const { chat, runs } = setUp(model, { maxToolCallsPerRequest: 7 });
      const error = await limitError(chat.prompt('go').call().content());
      expect(error.message).toBe(
        limitText(
          'maxToolCallsPerRequest',
          7,
          'the model asked for more than 7 tool calls',
          'the most tool calls one call may run',
        ),
      );
      expect(error).toMatchObject({ limit: 'maxToolCallsPerRequest', value: 7, toolName: undefined });
      expect(roles(error.history)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
      expect(model.requests).toHaveLength(3);
      expect(runs).toEqual(
        new Map([
          ['a', 4],
          ['b', 2],
        ]),
      );
    });

    it('ends at maxCallsPerTool naming the tool', async () => {
      const model = runawayModel('b', 'a', 'a');
      const { chat, runs } = setUp(model, { maxCallsPerTool: 5 });
      const error = await limitError(chat.prompt('go').call().content());
      expect(error.message).toBe(
        limitText(
          'maxCallsPerTool',
          5,
          'the model asked for tool "a" more than 5 times',
          'the most calls of one tool one call may run',
        ),
      );
      expect(error).toMatchObject({ limit: 'maxCallsPerTool', value: 5, toolName: 'a' });
      expect(model.requests).toHaveLength(3);
      expect(runs).toEqual(
        new Map([
          ['b', 2],
          ['a', 4],
        ]),
      );
    });

    it('ends within the default limits (10 rounds), however long the model would go on', async () => {
      const model = runawayModel('a');
      const { chat, runs } = setUp(model, {});
      const error = await limitError(chat.prompt('go').call().content());
      expect(error).toMatchObject({ limit: 'maxRounds', value: 10 });
      expect(model.requests).toHaveLength(10);
      expect(runs.get('a')).toBe(9);
    });

    it('stream(): ends the iteration with the same error after the same rounds', async () => {
      const model = runawayModel('a');
      const { chat } = setUp(model, { maxRounds: 3 });
      const types: string[] = [];
      const iteration = (async () => {
        for await (const event of chat.prompt('go').stream().events()) types.push(event.type);
      })();
      const error = await limitError(iteration);
      expect(error).toMatchObject({ limit: 'maxRounds', value: 3 });
      expect(types).toEqual([
        ...Array(2).fill(['tool-input-delta', 'round-finished', 'tool-call-started', 'tool-result']).flat(),
        'tool-input-delta',
        'round-finished',
      ]);
      expect(model.requests).toHaveLength(3);
    });
  });

  describe("onLimit: 'tell-model'", () => {
    it("sends the last request maxRounds allows with toolChoice 'none', and an obedient model answers", async () => {
      const model = obedientRunawayModel('a');
      const { chat, runs } = setUp(model, { maxRounds: 4, onLimit: 'tell-model' });
      await expect(chat.prompt('go').call().content()).resolves.toBe('my answer with what I have');
      expect(model.requests.map((request) => request.options.toolChoice)).toEqual([
        undefined,
        undefined,
        undefined,
        'none',
      ]);
      expect(runs).toEqual(new Map([['a', 3]]));
    });

    it('still ends at maxRounds with a ToolCallingLimitError when the model asks for tools anyway', async () => {
      const model = runawayModel('a');
      const { chat, runs } = setUp(model, { maxRounds: 4, onLimit: 'tell-model' });
      const error = await limitError(chat.prompt('go').call().content());
      expect(error).toMatchObject({ limit: 'maxRounds', value: 4 });
      expect(model.lastRequest!.options.toolChoice).toBe('none');
      expect(runs).toEqual(new Map([['a', 3]]));
    });

    it('runs no call over maxToolCallsPerRequest and tells the model why, round after round', async () => {
      const model = obedientRunawayModel('a', 'b');
      const { chat, runs } = setUp(model, { maxRounds: 5, maxToolCallsPerRequest: 3, onLimit: 'tell-model' });
      await expect(chat.prompt('go').call().content()).resolves.toBe('my answer with what I have');
      const notRun = (name: string): [string, boolean] => [
        `Tool "${name}" was not run: at most 3 tool calls are allowed in this conversation. Answer with the ` +
          'results you already have.',
        true,
      ];
      expect(resultsSent(model)).toEqual([
        ['a ok', false],
        ['b ok', false],
        ['a ok', false],
        notRun('b'),
        notRun('a'),
        notRun('b'),
        notRun('a'),
        notRun('b'),
      ]);
      expect(runs).toEqual(
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
      );
    });

    it('runs no call of a tool over maxCallsPerTool, the other tool going on', async () => {
      const model = obedientRunawayModel('a', 'b');
      const { chat, runs } = setUp(model, { maxRounds: 4, maxCallsPerTool: 2, onLimit: 'tell-model' });
      await expect(chat.prompt('go').call().content()).resolves.toBe('my answer with what I have');
      const notRun = (name: string): [string, boolean] => [
        `Tool "${name}" was not run: it may be called at most 2 times in this conversation. Answer with the ` +
          'results you already have.',
        true,
      ];
      expect(resultsSent(model)).toEqual([
        ['a ok', false],
        ['b ok', false],
        ['a ok', false],
        ['b ok', false],
        notRun('a'),
        notRun('b'),
      ]);
      expect(runs).toEqual(
        new Map([
          ['a', 2],
          ['b', 2],
        ]),
      );
    });
  });
});
