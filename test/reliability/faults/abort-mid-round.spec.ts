/** @jest-environment ./test/reliability/support/host-process.environment.js */
import { ChatClient, type ChatStreamEvent } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { calling, deferred, nextTurn, tool } from '../support/fault-tools';
import { installProcessGuard } from '../support/process-guard';
import { Rendezvous } from '../support/rendezvous';
import { TimerTracker } from '../support/timer-tracker';

const guard = installProcessGuard();

/** Tools that each report what they went through: one honours the signal, one ignores it, one waits for a slot. */
function abortableRound(started: Rendezvous) {
  const log: string[] = [];
  const signals: AbortSignal[] = [];
  const tools = [
    tool('honours', async (context) => {
      const signal = context.signal!;
      signals.push(signal);
      try {
        const aborted = new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
        await Promise.all([started.arrive(), aborted]);
      } finally {
        log.push('honours: finally ran');
      }
    }),
    tool('ignores', async (context) => {
      signals.push(context.signal!);
      await started.arrive();
      await new Promise(() => undefined);
    }),
    tool('queued', () => {
      log.push('queued: started');
      return 'ran';
    }),
  ];
  return { log, signals, tools };
}

describe('aborting a request in the middle of a round', () => {
  it('aborts the running tools, starts no other, makes no further model call and leaves no timer', async () => {
    const started = new Rendezvous(2);
    const { log, signals, tools } = abortableRound(started);
    const model = new ScriptedChatModel([calling('honours', 'ignores', 'queued'), 'never sent']);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: tools },
      { toolCallingManager: { limits: { maxConcurrency: 2 } } },
    );
    const controller = new AbortController();
    const reason = new Error('the user left');
    const timers = new TimerTracker();

    const call = chat.prompt('go').signal(controller.signal).call().content();
    await started.allArrived;
    controller.abort(reason);
    const outcome = await call.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    for (let i = 0; i < 5; i++) await nextTurn();
    const timersLeft = await timers.stillPending();
    timers.stop();

    expect(outcome).toBe(reason);
    expect(signals).toHaveLength(2);
    for (const signal of signals) expect([signal.aborted, signal.reason]).toEqual([true, reason]);
    expect(log).toEqual(['honours: finally ran']);
    expect(model.requests).toHaveLength(1);
    expect(timersLeft).toEqual([]);
  });

  it('stops when a tool itself aborts the request, even though that tool succeeds', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel([calling('cancels'), 'never sent']);
    const cancels = tool('cancels', () => {
      controller.abort();
      return 'finished anyway';
    });
    const call = ChatClient.create(model, { toolCallbacks: [cancels] })
      .prompt('go')
      .signal(controller.signal)
      .call()
      .content();
    await expect(call).rejects.toMatchObject({ name: 'AbortError', message: 'This operation was aborted' });
    expect(model.requests).toHaveLength(1);
  });

  it('stream(): the abort ends the iteration with its reason, the tools see it, no model call follows', async () => {
    const started = new Rendezvous(2);
    const { log, signals, tools } = abortableRound(started);
    const model = new ScriptedChatModel([calling('honours', 'ignores', 'queued'), 'never sent']);
    const controller = new AbortController();
    const reason = new Error('the user left');
    const events: string[] = [];
    const chat = ChatClient.create(
      model,
      { toolCallbacks: tools },
      { toolCallingManager: { limits: { maxConcurrency: 2 } } },
    );

    const iteration = (async () => {
      for await (const event of chat.prompt('go').signal(controller.signal).stream().events()) {
        events.push(describeEvent(event));
      }
    })();
    await started.allArrived;
    controller.abort(reason);

    await expect(iteration).rejects.toBe(reason);
    for (const signal of signals) expect([signal.aborted, signal.reason]).toEqual([true, reason]);
    expect(log).toEqual(['honours: finally ran']);
    expect(events.filter((event) => !event.startsWith('tool-input-delta'))).toEqual([
      'round-finished 1',
      'tool-call-started honours',
      'tool-call-started ignores',
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('stream(): leaving the iteration early aborts the running tools', async () => {
    const running = deferred<AbortSignal>();
    const finallyRan = deferred();
    const waits = tool('waits', async (context) => {
      running.resolve(context.signal!);
      try {
        await new Promise((_resolve, reject) =>
          context.signal!.addEventListener('abort', reject, { once: true }),
        );
      } finally {
        finallyRan.resolve();
      }
    });
    const model = new ScriptedChatModel([calling('waits'), 'never sent']);
    const stream = ChatClient.create(model, { toolCallbacks: [waits] })
      .prompt('go')
      .stream();

    for await (const event of stream.events()) if (event.type === 'tool-call-started') break;

    const signal = await running.promise;
    await finallyRan.promise;
    expect(signal.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
  });
});

function describeEvent(event: ChatStreamEvent): string {
  switch (event.type) {
    case 'round-finished':
      return `round-finished ${event.round}`;
    case 'tool-call-started':
      return `tool-call-started ${event.toolCall.name}`;
    default:
      return event.type;
  }
}

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
