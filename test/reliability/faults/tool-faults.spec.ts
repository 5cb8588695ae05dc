/** @jest-environment ./test/reliability/support/host-process.environment.js */
import { setTimeout as sleep } from 'node:timers/promises';
import { ChatClient, ToolTimeoutError, type ToolResponse } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { calling, deferred, nextTurn, throwingCallback, tool } from '../support/fault-tools';
import { TimerTracker } from '../support/timer-tracker';
import { installProcessGuard } from '../support/process-guard';

const guard = installProcessGuard();

const ROOMY = { timeoutMs: 10_000 };

function toolResults(model: ScriptedChatModel): readonly ToolResponse[] {
  const last = model.requests[1].messages.at(-1)!;
  if (last.role !== 'tool') throw new Error(`the second request ends with a ${last.role} message`);
  return last.responses;
}

describe('failing tools in the same round as healthy ones', () => {
  it('delivers the healthy results and turns every failure into an error result with its text', async () => {
    const healthyDone = deferred();
    const signals = new Map<string, AbortSignal | undefined>();
    const finished: string[] = [];
    const tools = [
      tool('sunny', () => 'sunny, 25°C'),
      // Tools that span event-loop turns get a roomy limit of their own: only 'hangs' and 'slow' may time out.
      tool(
        'cloudy',
        async () => {
          await nextTurn();
          healthyDone.resolve();
          return 'cloudy, 18°C';
        },
        ROOMY,
      ),
      tool('throws', () => {
        throw new Error('disk full');
      }),
      tool('throwsString', () => {
        throw 'a plain string';
      }),
      throwingCallback('throwsBeforePromise', new TypeError('bad callback')),
      tool(
        'rejectsLate',
        async () => {
          await healthyDone.promise;
          await nextTurn();
          throw new RangeError('late failure');
        },
        ROOMY,
      ),
      tool('hangs', (context) => {
        signals.set('hangs', context.signal);
        return new Promise(() => undefined);
      }),
      tool(
        'slow',
        async (context) => {
          signals.set('slow', context.signal);
          try {
            await sleep(60_000, undefined, { signal: context.signal });
            return 'never';
          } finally {
            finished.push('slow');
          }
        },
        { timeoutMs: 20 },
      ),
    ];
    const model = new ScriptedChatModel([calling(...tools.map((t) => t.getToolDefinition().name)), 'done']);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: tools },
      { toolCallingManager: { limits: { toolTimeoutMs: 30, maxConcurrency: Infinity } } },
    );
    const timers = new TimerTracker();

    await expect(chat.prompt('go').call().content()).resolves.toBe('done');
    const timersLeft = await timers.stillPending();
    timers.stop();

    expect(toolResults(model)).toEqual([
      { id: 'sunny', name: 'sunny', result: 'sunny, 25°C', isError: false },
      { id: 'cloudy', name: 'cloudy', result: 'cloudy, 18°C', isError: false },
      { id: 'throws', name: 'throws', result: 'disk full', isError: true },
      { id: 'throwsString', name: 'throwsString', result: 'a plain string', isError: true },
      { id: 'throwsBeforePromise', name: 'throwsBeforePromise', result: 'bad callback', isError: true },
      { id: 'rejectsLate', name: 'rejectsLate', result: 'late failure', isError: true },
      {
        id: 'hangs',
        name: 'hangs',
        result: 'Tool "hangs" did not finish within 30 ms and was cancelled.',
        isError: true,
      },
      {
        id: 'slow',
        name: 'slow',
        result: 'Tool "slow" did not finish within 20 ms and was cancelled.',
        isError: true,
      },
    ]);
    expect(model.requests).toHaveLength(2);
    for (const [name, timeoutMs] of [
      ['hangs', 30],
      ['slow', 20],
    ] as const) {
      expect(signals.get(name)?.aborted).toBe(true);
      expect(signals.get(name)?.reason).toEqual(new ToolTimeoutError(name, timeoutMs));
    }
    // The slow tool honoured its signal: its own timer is gone and its finally ran; the loop's timers are cleared.
    expect(finished).toEqual(['slow']);
    expect(timersLeft).toEqual([]);
  });

  it('lets a tool that ignored its timeout reject afterwards without an unhandled rejection', async () => {
    const rejected = deferred();
    const lateRejecter = tool(
      'late',
      (context) =>
        new Promise((_resolve, reject) => {
          context.signal!.addEventListener('abort', () =>
            setImmediate(() => {
              reject(new Error('too late to matter'));
              rejected.resolve();
            }),
          );
        }),
      { timeoutMs: 10 },
    );
    const model = new ScriptedChatModel([calling('late'), 'done']);

    await ChatClient.create(model, { toolCallbacks: [lateRejecter] })
      .prompt('go')
      .call()
      .content();
    await rejected.promise;
    await nextTurn();

    expect(toolResults(model)[0].result).toBe('Tool "late" did not finish within 10 ms and was cancelled.');
    expect(guard.unhandledRejections).toEqual([]);
  });

  it('keeps the calls of one round apart: a failure in one never changes the result of another', async () => {
    const tools = Array.from({ length: 40 }, (_, i) =>
      tool(`t${i}`, async () => {
        await nextTurn();
        if (i % 3 === 0) throw new Error(`failure ${i}`);
        return `result ${i}`;
      }),
    );
    const model = new ScriptedChatModel([calling(...tools.map((t) => t.getToolDefinition().name)), 'done']);
    await ChatClient.create(model, { toolCallbacks: tools }).prompt('go').call().content();
    expect(toolResults(model).map((r) => [r.name, r.result, r.isError])).toEqual(
      tools.map((_, i) => [`t${i}`, i % 3 === 0 ? `failure ${i}` : `result ${i}`, i % 3 === 0]),
    );
  });
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
