import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { ChatClient } from 'nestjs-tool-calling';
import { DurableRuns, type DurableRunsOptions, type DurableRunStatus } from 'nestjs-tool-calling/runs';
import { describeWithRedis } from '../../support/redis-suite';
import { boundsAppModule, modelCallTimes, modelCalls, toolLog } from './fixture/bounds-app';

jest.setTimeout(60_000);

const ALICE = { user: { id: 'alice' } };
const BOB = { user: { id: 'bob' } };

async function settled(runs: DurableRuns, runId: string, timeoutMs = 20_000): Promise<DurableRunStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await runs.status(runId, ALICE);
    if (status.status !== 'queued' && status.status !== 'running') return status;
    if (Date.now() > until) throw new Error(`run ${runId} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithRedis('durable runs: approvals, deadline, retries, caps', (redis) => {
  const apps: INestApplicationContext[] = [];
  async function app(options: Partial<DurableRunsOptions> = {}) {
    const moduleRef = await Test.createTestingModule({
      imports: [boundsAppModule(redis.server.url, options)],
    }).compile();
    const context = await moduleRef.init();
    apps.push(context);
    return { chat: context.get(ChatClient), runs: context.get(DurableRuns) };
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((context) => context.close()));
  });

  it('a tool that needs approval pauses the run; its caller resumes it and a worker finishes it', async () => {
    const { chat, runs } = await app();
    const { runId } = await chat.prompt('close the ticket').request(ALICE).submit();
    const paused = await settled(runs, runId);
    expect(paused.status).toBe('paused');
    expect(paused.pendingApprovals).toEqual([
      expect.objectContaining({ toolName: 'closeTicket', toolCallId: 'call-close' }),
    ]);
    expect(toolLog).not.toContain('closeTicket');
    const [approval] = paused.pendingApprovals!;

    await expect(runs.resume(runId, { [approval.id]: { approved: true } }, BOB)).rejects.toThrow(
      'there is no run with this id for this caller',
    );
    await runs.resume(runId, { [approval.id]: { approved: true } }, ALICE);
    const finished = await settled(runs, runId);
    expect(finished.status).toBe('finished');
    expect(finished.response!.text).toBe('answer: closeTicket=closed');
    expect(toolLog.filter((entry) => entry === 'closeTicket')).toHaveLength(1);

    const again = runs.resume(runId, { [approval.id]: { approved: true } }, ALICE);
    await expect(again).rejects.toMatchObject({ name: 'RunNotPausedError', status: 'finished' });
    await expect(again).rejects.toThrow(
      'the run is finished, not paused for approval: there is nothing to resume',
    );
  });

  it('a denied approval: the model is told, the run finishes', async () => {
    const { chat, runs } = await app();
    const { runId } = await chat.prompt('close the ticket, denied').request(ALICE).submit();
    const paused = await settled(runs, runId);
    await runs.resume(runId, { [paused.pendingApprovals![0].id]: { approved: false, reason: 'no' } }, ALICE);
    const finished = await settled(runs, runId);
    expect(finished.status).toBe('finished');
    expect(finished.response!.text).toBe('answer: closeTicket=error');
  });

  it('a run past its deadline fails with the deadline in its error, its tool aborted', async () => {
    const { chat, runs } = await app({ deadlineMs: 1500 });
    const started = Date.now();
    const { runId } = await chat
      .prompt('slow export')
      .request(ALICE)
      .toolContext({ delayMs: 30_000 })
      .submit();
    const status = await settled(runs, runId);
    expect(status.status).toBe('failed');
    expect(status.error).toBe(
      'the run failed and will not be retried: the run passed its deadline of 1500 ms',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a retryable model error is retried after a backoff and the run finishes', async () => {
    const { chat, runs } = await app({ retries: 2, backoffMs: 200 });
    const { runId } = await chat.prompt('flaky answer').request(ALICE).submit();
    const status = await settled(runs, runId);
    expect(status.status).toBe('finished');
    expect(status.response!.text).toBe('answer: none');
    expect(modelCalls.get('flaky answer')).toBe(2);
    // BullMQ's backoff: the second attempt waited at least the first delay.
    const [first, second] = modelCallTimes.get('flaky answer')!;
    expect(second - first).toBeGreaterThanOrEqual(200);
  });

  it('a model error that is not retryable fails the run at once with RunFailedError’s text', async () => {
    const { chat, runs } = await app({ retries: 3, backoffMs: 100 });
    const { runId } = await chat.prompt('refused request').request(ALICE).submit();
    const status = await settled(runs, runId);
    expect(status.status).toBe('failed');
    expect(status.error).toMatch(/^the run failed and will not be retried: .*refused the request as invalid/);
    expect(modelCalls.get('refused request')).toBe(1);
  });

  it('retries are bounded: a retryable error every time ends failed after retries + 1 attempts', async () => {
    const { chat, runs } = await app({ retries: 1, backoffMs: 100 });
    const { runId } = await chat.prompt('unavailable model').request(ALICE).submit();
    const status = await settled(runs, runId);
    expect(status.status).toBe('failed');
    expect(status.error).toBe(
      'the run failed and will not be retried: scripted, model "bounds" failed to answer (503 server error): still overloaded',
    );
    expect(modelCalls.get('unavailable model')).toBe(2);
  });

  it('maxRunsPerCaller: one more active run is refused with RunLimitError; another caller is not counted', async () => {
    const { chat, runs } = await app({ maxRunsPerCaller: 2 });
    const slow = () => chat.prompt('slow export').request(ALICE).toolContext({ delayMs: 20_000 }).submit();
    const first = await slow();
    const second = await slow();
    await expect(slow()).rejects.toMatchObject({ name: 'RunLimitError', limit: 2 });
    await expect(slow()).rejects.toThrow(
      'this caller already has 2 runs queued or running (maxRunsPerCaller); wait for one to finish',
    );
    const bobs = await chat.prompt('slow export').request(BOB).toolContext({ delayMs: 10 }).submit();
    expect(bobs.runId).toEqual(expect.any(String));
    expect(await runs.cancel(first.runId, ALICE)).toBe(true);
    const third = await slow();
    await runs.cancel(second.runId, ALICE);
    await runs.cancel(third.runId, ALICE);
  });
});
