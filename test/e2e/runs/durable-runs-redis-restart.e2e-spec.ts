import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { ChatClient } from 'nestjs-tool-calling';
import { DurableRuns, type DurableRunStatus } from 'nestjs-tool-calling/runs';
import { describeIf } from '../../support/describe-if';
import { waitForOutput } from '../../support/child-output';
import { freePort, REDIS_SERVER } from '../../support/redis-server';
import { NO_REDIS_SERVER } from '../../support/redis-suite';
import { boundsAppModule, toolLog } from './fixture/bounds-app';

jest.setTimeout(90_000);

const ALICE = { user: { id: 'alice' } };

interface PersistentRedis {
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server that keeps its data across a restart on the same port (append-only file, synced on each write). */
async function persistentRedis(): Promise<PersistentRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'runs-redis-'));
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        REDIS_SERVER!,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes'].concat([
          '--appendfsync',
          'always',
          '--dir',
          dir,
          '--daemonize',
          'no',
        ]),
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await waitForOutput(child, 'Ready to accept connections', 'redis-server', 10_000);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      child.stderr!.resume();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const running = child;
        if (running === undefined || running.exitCode !== null) {
          rmSync(dir, { recursive: true, force: true });
          return resolve();
        }
        running.removeAllListeners('exit');
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      }),
  };
}

/** The run's status once it has ended or paused, reading through the outage (a read that fails is tried again). */
async function settled(runs: DurableRuns, runId: string, timeoutMs: number): Promise<DurableRunStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await runs.status(runId, ALICE).catch(() => undefined);
    if (status && status.status !== 'queued' && status.status !== 'running') return status;
    if (Date.now() > until) throw new Error(`run ${runId} still ${status?.status ?? 'unreadable'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function toolStarted(runId: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!toolLog.includes(`slowExport ${runId}`)) {
    if (Date.now() > until) throw new Error('the tool did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeIf(REDIS_SERVER, NO_REDIS_SERVER)(
  'durable runs: Redis restarted mid-run (a real redis-server)',
  () => {
    let redis: PersistentRedis;
    let app: INestApplicationContext;
    let chat: ChatClient;
    let runs: DurableRuns;

    beforeEach(async () => {
      redis = await persistentRedis();
      await redis.start();
      const moduleRef = await Test.createTestingModule({
        imports: [boundsAppModule(redis.url, { lockDurationMs: 2000 })],
      }).compile();
      app = await moduleRef.init();
      chat = app.get(ChatClient);
      runs = app.get(DurableRuns);
    });

    afterEach(async () => {
      await app?.close();
      await redis?.stop();
    });

    it('down for a second while a tool runs: the run finishes when Redis is back, the tool ran once', async () => {
      const { runId } = await chat
        .prompt('slow export')
        .request(ALICE)
        .toolContext({ delayMs: 3000 })
        .submit();
      await toolStarted(runId);
      await redis.stop();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await redis.start();
      const status = await settled(runs, runId, 40_000);
      expect(status.status).toBe('finished');
      expect(toolLog.filter((entry) => entry === `slowExport ${runId}`)).toHaveLength(1);
      expect(status.response!.text).toBe('answer: slowExport=exported');
    });

    it('down longer than a store write waits (2 s): the attempt fails, the next one continues from the checkpoint', async () => {
      const { runId } = await chat
        .prompt('slow export')
        .request(ALICE)
        .toolContext({ delayMs: 1000 })
        .submit();
      await toolStarted(runId);
      await redis.stop();
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await redis.start();
      const status = await settled(runs, runId, 40_000);
      expect(status.status).toBe('finished');
      // The call started but its result was never saved: not run again (not idempotent), the model is told.
      expect(toolLog.filter((entry) => entry === `slowExport ${runId}`)).toHaveLength(1);
      expect(status.response!.text).toBe('answer: slowExport=error');
    });

    it('down for longer than every retry: the run ends failed with the typed store error, written once Redis is back', async () => {
      await app.close();
      const moduleRef = await Test.createTestingModule({
        imports: [boundsAppModule(redis.url, { lockDurationMs: 2000, retries: 0 })],
      }).compile();
      app = await moduleRef.init();
      const { runId } = await app
        .get(ChatClient)
        .prompt('slow export')
        .request(ALICE)
        .toolContext({ delayMs: 500 })
        .submit();
      await toolStarted(runId);
      await redis.stop();
      // Past the 2 s the checkpoint write waits, back before the failure is written (that write waits 2 s too).
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await redis.start();
      const status = await settled(app.get(DurableRuns), runId, 40_000);
      expect(status.status).toBe('failed');
      expect(status.error).toBe(
        'the run failed and will not be retried: the Redis run store is unreachable (call settled): ' +
          'no connection within 2000 ms; nothing was written',
      );
      expect(toolLog.filter((entry) => entry === `slowExport ${runId}`)).toHaveLength(1);
    });
  },
);
