/** @jest-environment ./test/reliability/support/host-process.environment.js */
import {
  ChatClient,
  DefaultToolExecutionExceptionProcessor,
  type ChatStreamEvent,
  type ToolCallHooks,
  type ToolCallingManagerOptions,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { calling, nextTurn, tool } from '../support/fault-tools';
import { installProcessGuard } from '../support/process-guard';
import { Rendezvous } from '../support/rendezvous';
import { TimerTracker } from '../support/timer-tracker';

const guard = installProcessGuard();

class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}

/**
 * A round of three calls: two siblings that are running (one honours its signal, one ignores it) when the third,
 * `fails`, throws. Each sibling records its signal; the default 60 s timeout applies to all three.
 */
function roundWithFailure() {
  const started = new Rendezvous(3);
  const signals = new Map<string, AbortSignal>();
  const tools = [
    tool('honours', async (context) => {
      const signal = context.signal!;
      signals.set('honours', signal);
      const aborted = new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
      await Promise.all([started.arrive(), aborted]);
    }),
    tool('ignores', async (context) => {
      signals.set('ignores', context.signal!);
      await started.arrive();
      await new Promise(() => undefined);
    }),
    tool('fails', async () => {
      await started.arrive();
      throw new PaymentDeclinedError('card declined');
    }),
  ];
  const model = new ScriptedChatModel([calling('honours', 'ignores', 'fails'), 'never sent']);
  return { signals, tools, model };
}

const rethrowing: ToolCallingManagerOptions = {
  exceptionProcessor: new DefaultToolExecutionExceptionProcessor({ rethrow: [PaymentDeclinedError] }),
};

async function outcomeOf(run: () => Promise<unknown>): Promise<{ error: unknown; timersLeft: string[] }> {
  const timers = new TimerTracker();
  const error = await run().then(
    () => 'resolved',
    (reason: unknown) => reason,
  );
  for (let i = 0; i < 5; i++) await nextTurn();
  const timersLeft = await timers.stillPending();
  timers.stop();
  return { error, timersLeft };
}

async function drain(events: AsyncIterable<ChatStreamEvent>): Promise<void> {
  for await (const event of events) void event;
}

describe('a failure that ends the chat call aborts the calls running beside it', () => {
  it.each(['call', 'stream'] as const)(
    '%s(): a rethrown tool error aborts every sibling with that error and leaves no timer',
    async (path) => {
      const { signals, tools, model } = roundWithFailure();
      const chat = ChatClient.create(model, { toolCallbacks: tools }, { toolCallingManager: rethrowing });
      const request = chat.prompt('pay');
      const { error, timersLeft } = await outcomeOf(() =>
        path === 'call' ? request.call().content() : drain(request.stream().events()),
      );

      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect((error as Error).message).toBe('card declined');
      expect([...signals.keys()].sort()).toEqual(['honours', 'ignores']);
      for (const signal of signals.values()) expect([signal.aborted, signal.reason]).toEqual([true, error]);
      expect(timersLeft).toEqual([]);
      expect(model.requests).toHaveLength(1);
    },
  );

  it.each(['call', 'stream'] as const)(
    '%s(): a hook that throws aborts the siblings, which were started, and leaves no timer',
    async (path) => {
      const { signals, tools, model } = roundWithFailure();
      const hookError = new Error('audit log unavailable');
      const hooks: ToolCallHooks = {
        afterToolCall: ({ toolCall }) => {
          if (toolCall.name === 'fails') throw hookError;
        },
      };
      const chat = ChatClient.create(model, { toolCallbacks: tools, hooks });
      const request = chat.prompt('pay');
      const { error, timersLeft } = await outcomeOf(() =>
        path === 'call' ? request.call().content() : drain(request.stream().events()),
      );

      expect(error).toBe(hookError);
      expect(signals.size).toBe(2);
      for (const signal of signals.values())
        expect([signal.aborted, signal.reason]).toEqual([true, hookError]);
      expect(timersLeft).toEqual([]);
    },
  );

  it("does not abort the request's own signal: only the round's calls are stopped", async () => {
    const { tools, model } = roundWithFailure();
    const controller = new AbortController();
    const chat = ChatClient.create(model, { toolCallbacks: tools }, { toolCallingManager: rethrowing });
    await expect(chat.prompt('pay').signal(controller.signal).call().content()).rejects.toThrow(
      'card declined',
    );
    expect(controller.signal.aborted).toBe(false);
  });
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
