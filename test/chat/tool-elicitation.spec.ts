import { Logger, type LoggerService } from '@nestjs/common';
import {
  ChatClient,
  FunctionToolCallback,
  ToolContext,
  type ChatStreamEvent,
  type ToolElicitationHandler,
  type ToolElicitationResult,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const QUESTION = {
  message: 'Close ticket 7?',
  requestedSchema: {
    type: 'object',
    properties: { confirm: { type: 'boolean' }, reason: { type: 'string', minLength: 3 } },
    required: ['confirm'],
  },
} as const;

const CALL = { id: 'call_1', name: 'close_ticket', arguments: '{}' };

function model(): ScriptedChatModel {
  return new ScriptedChatModel([
    { toolCalls: [{ id: 'call_1', name: 'close_ticket', arguments: {} }] },
    'Done.',
  ]);
}

/** A tool that asks QUESTION and answers with what it got (the answer's action, and content when accepted). */
function closeTicket(seen: ToolElicitationResult[] = []) {
  return FunctionToolCallback.from({
    name: 'close_ticket',
    inputSchema: { type: 'object', properties: {} },
    fn: async (_input: object, context: ToolContext) => {
      const answer = await context.elicit(QUESTION);
      seen.push(answer);
      return answer.action === 'accept' ? `accepted ${JSON.stringify(answer.content)}` : answer.action;
    },
  });
}

const toolResultOf = (m: ScriptedChatModel): string =>
  JSON.stringify(m.requests[1].messages.filter((message) => message.role === 'tool'));

describe('elicitation in chat calls (ToolContext.elicit() answered by the app)', () => {
  it('declines at once when no handler is set: the tool never hangs', async () => {
    const m = model();
    const seen: ToolElicitationResult[] = [];
    await ChatClient.create(m, { toolCallbacks: [closeTicket(seen)] })
      .prompt('close 7')
      .call()
      .content();
    expect(seen).toEqual([{ action: 'decline' }]);
    expect(toolResultOf(m)).toContain('decline');
  });

  it("hands the question to the client's handler, with the tool and the call, never the tool context", async () => {
    const m = model();
    const handler = jest.fn<ReturnType<ToolElicitationHandler>, Parameters<ToolElicitationHandler>>(() => ({
      action: 'accept',
      content: { confirm: true },
    }));
    const chat = ChatClient.create(m, {
      toolCallbacks: [closeTicket()],
      toolContext: { apiKey: 'sk-secret' },
      elicitationHandler: handler,
    });
    await chat.prompt('close 7').call().content();

    expect(toolResultOf(m)).toContain('accepted {\\"confirm\\":true}');
    const [request, origin] = handler.mock.calls[0];
    expect(request).toEqual(QUESTION);
    expect(origin).toMatchObject({ toolName: 'close_ticket', toolCallId: 'call_1' });
    expect(origin.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.stringify([request, { ...origin, signal: undefined }])).not.toContain('sk-secret');
  });

  it("uses the request's handler over the client's", async () => {
    const seen: ToolElicitationResult[] = [];
    const chat = ChatClient.create(model(), {
      toolCallbacks: [closeTicket(seen)],
      elicitationHandler: () => ({ action: 'decline' }),
    });
    await chat
      .prompt('close 7')
      .elicitationHandler(async () => ({ action: 'accept', content: { confirm: false } }))
      .call()
      .content();
    expect(seen).toEqual([{ action: 'accept', content: { confirm: false } }]);
  });

  it('reports the question as a tool-elicitation event of stream(), between the call’s start and its result', async () => {
    const chat = ChatClient.create(model(), {
      toolCallbacks: [closeTicket()],
      toolContext: { apiKey: 'sk-secret' },
      elicitationHandler: () => ({ action: 'cancel' }),
    });
    const events = await collect(chat.prompt('close 7').stream().events());
    const toolEvents = events.filter(
      (event: ChatStreamEvent) => event.type.startsWith('tool-') && event.type !== 'tool-input-delta',
    );
    expect(toolEvents).toEqual([
      { type: 'tool-call-started', round: 1, toolCall: CALL },
      { type: 'tool-elicitation', round: 1, toolCall: CALL, ...QUESTION },
      {
        type: 'tool-result',
        round: 1,
        toolResponse: { id: 'call_1', name: 'close_ticket', result: 'cancel', isError: false },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('sk-secret');
  });

  it("ends the handler's wait with the call: at its time limit the tool gets cancel and the handler's signal aborts", async () => {
    const seen: ToolElicitationResult[] = [];
    let handlerSignal: AbortSignal | undefined;
    const tool = FunctionToolCallback.from({
      name: 'close_ticket',
      inputSchema: { type: 'object', properties: {} },
      timeoutMs: 50,
      fn: async (_input: object, context: ToolContext) => {
        seen.push(await context.elicit(QUESTION));
        return 'after';
      },
    });
    const m = model();
    await ChatClient.create(m, {
      toolCallbacks: [tool],
      elicitationHandler: (_request, origin) => {
        handlerSignal = origin.signal;
        return new Promise<never>(() => undefined);
      },
    })
      .prompt('close 7')
      .call()
      .content();

    await new Promise((resolve) => setImmediate(resolve));
    expect(handlerSignal?.aborted).toBe(true);
    expect(seen).toEqual([{ action: 'cancel' }]);
    expect(toolResultOf(m)).toMatch(/time|50/i);
  });

  it.each([
    [
      'accepted content that does not fit the schema',
      { action: 'accept', content: { confirm: 'yes please', reason: 'no' } },
      /question is not valid: .*confirm: must be boolean.*reason/,
    ],
    ['accepted without content', { action: 'accept' }, /must have content/],
    ['an unknown action', { action: 'maybe' }, /action must be "accept", "decline" or "cancel"/],
  ])(
    'turns %s into an InvalidElicitationAnswerError: the call fails, the model reads the fields, never the values',
    async (_case, answer, text) => {
      const m = model();
      let thrown: unknown;
      const tool = FunctionToolCallback.from({
        name: 'close_ticket',
        inputSchema: { type: 'object', properties: {} },
        fn: async (_input: object, context: ToolContext) => {
          try {
            return (await context.elicit(QUESTION)).action;
          } catch (error) {
            thrown = error;
            throw error;
          }
        },
      });
      await ChatClient.create(m, {
        toolCallbacks: [tool],
        elicitationHandler: () => answer as ToolElicitationResult,
      })
        .prompt('close 7')
        .call()
        .content();

      expect(thrown).toMatchObject({ name: 'InvalidElicitationAnswerError', toolName: 'close_ticket' });
      expect((thrown as Error).message).toMatch(text);
      const sent = toolResultOf(m);
      expect(sent).toContain('isError');
      expect(sent).toContain('is not valid');
      expect(sent).not.toContain('yes please');
    },
  );

  it('refuses a handler that is not a function with a ToolCallingOptionsError', () => {
    expect(() =>
      ChatClient.create(model(), { elicitationHandler: 'yes' as unknown as ToolElicitationHandler }),
    ).toThrow(expect.objectContaining({ name: 'ToolCallingOptionsError' }));
    expect(() =>
      ChatClient.create(model())
        .prompt('x')
        .elicitationHandler(42 as unknown as ToolElicitationHandler),
    ).toThrow(expect.objectContaining({ name: 'ToolCallingOptionsError' }));
  });
});

describe("a tool's log() in a chat call", () => {
  const lines: { level: string; message: unknown; context: unknown }[] = [];
  // Nest passes the context last (after the stack, for errors).
  const capture =
    (level: string) =>
    (message: unknown, ...rest: unknown[]) =>
      void lines.push({ level, message, context: rest.at(-1) });
  const logger: LoggerService = {
    log: capture('log'),
    warn: capture('warn'),
    error: capture('error'),
    debug: capture('debug'),
    verbose: capture('verbose'),
    fatal: capture('fatal'),
  };
  beforeAll(() => Logger.overrideLogger(logger));
  afterAll(() => Logger.overrideLogger(['log', 'warn', 'error', 'fatal']));

  it("goes to Nest's Logger under the tool's name, at the matching level", async () => {
    const tool = FunctionToolCallback.from({
      name: 'close_ticket',
      inputSchema: { type: 'object', properties: {} },
      fn: (_input: object, context: ToolContext) => {
        context.log('debug', 'looking up 7');
        context.log('notice', { ticket: 7, state: 'open' });
        context.log('warning', 'ticket is old');
        context.log('critical', 'cannot close', 'tickets-db');
        return 'ok';
      },
    });
    await ChatClient.create(model(), { toolCallbacks: [tool] })
      .prompt('close 7')
      .call()
      .content();

    expect(lines).toEqual([
      { level: 'debug', message: 'looking up 7', context: 'close_ticket' },
      { level: 'log', message: { ticket: 7, state: 'open' }, context: 'close_ticket' },
      { level: 'warn', message: 'ticket is old', context: 'close_ticket' },
      { level: 'error', message: 'cannot close', context: 'tickets-db' },
    ]);
  });
});
