import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { ChatClient, ResumableStreams, type Message } from 'nestjs-tool-calling';
import { DurableRuns, type DurableRunStatus } from 'nestjs-tool-calling/runs';
import { describeWithRedis } from '../../support/redis-suite';
import { waitForOutput } from '../../support/child-output';
import { runsAppModule } from './fixture/runs-app';

jest.setTimeout(180_000);

const ALICE = { user: { id: 'alice' } };
const BOB = { user: { id: 'bob' } };

interface WorkerProcess {
  readonly child: ChildProcess;
  output: string;
  kill(): Promise<void>;
}

async function startWorker(redisUrl: string): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'fixture', 'register.js'), join(__dirname, 'fixture', 'worker-main.ts')],
    { env: { ...process.env, REDIS_URL: redisUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const worker: WorkerProcess = {
    child,
    output: '',
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
  child.stdout!.on('data', (chunk: Buffer) => (worker.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (worker.output += chunk.toString()));
  await waitForOutput(child, 'WORKER READY', 'a worker', 120_000);
  return worker;
}

/** The first of `workers` to print `text`, within `timeoutMs`. */
async function firstToPrint(
  workers: WorkerProcess[],
  text: string,
  timeoutMs: number,
): Promise<WorkerProcess> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = workers.find((worker) => worker.output.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no worker printed ${text}:\n${workers.map((w) => w.output).join('\n---\n')}`);
}

async function settled(runs: DurableRuns, runId: string, timeoutMs: number): Promise<DurableRunStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await runs.status(runId, ALICE);
    if (status.status !== 'queued' && status.status !== 'running') return status;
    if (Date.now() > until) throw new Error(`run ${runId} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The AI SDK UI message chunks of the run's recorded stream, read from the web process (it ends with `[DONE]`). */
async function recordedChunks(streams: ResumableStreams, runId: string): Promise<Record<string, unknown>[]> {
  const stream = await streams.resume(runId);
  if (stream === undefined) throw new Error(`no stream recorded for run ${runId}`);
  let text = '';
  for await (const piece of stream) text += piece;
  const data = text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((line) => line.length > 0);
  expect(data.at(-1)).toBe('[DONE]');
  return data.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
}

function toolResponseIds(history: readonly Message[]): string[] {
  return history.flatMap((message) => (message.role === 'tool' ? message.responses.map((r) => r.id) : []));
}

describeWithRedis('durable runs: one web process, two worker processes', (redis) => {
  let web: INestApplicationContext;
  let chat: ChatClient;
  let runs: DurableRuns;
  const workers: WorkerProcess[] = [];

  const count = async (tool: string, runId: string) =>
    Number((await redis.client.get(`runs-test:count:${tool}:${runId}`)) ?? 0);

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [runsAppModule(redis.server.url, false)],
    }).compile();
    web = await moduleRef.init();
    chat = web.get(ChatClient);
    runs = web.get(DurableRuns);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await web?.close();
  });

  // Two workers before each test: one killed by the test before is replaced (starting one takes seconds).
  beforeEach(async () => {
    for (let i = workers.length - 1; i >= 0; i--)
      if (workers[i].child.exitCode !== null || workers[i].child.signalCode !== null) workers.splice(i, 1);
    workers.push(
      ...(await Promise.all(Array.from({ length: 2 - workers.length }, () => startWorker(redis.server.url)))),
    );
    for (const worker of workers) worker.output = '';
  });

  it('a worker killed in the middle of a tool round: the other finishes the run once; at most once for the plain tool, again for the idempotent one', async () => {
    const { runId } = await chat
      .prompt('Export every ticket and summarise')
      .request(ALICE)
      .toolContext({ delayMs: 3000 })
      .submit();
    const first = await firstToPrint(workers, `TOOL_STARTED storeSummary ${runId}`, 30_000);
    await firstToPrint([first], `TOOL_STARTED exportTickets ${runId}`, 5_000);
    await first.kill();

    const status = await settled(runs, runId, 60_000);
    expect(status.status).toBe('finished');
    expect(await count('exportTickets', runId)).toBe(1);
    expect(await count('storeSummary', runId)).toBe(2);
    expect(await count('countTickets', runId)).toBe(1);
    const history = status.response!.history;
    expect(toolResponseIds(history)).toEqual(['call-export', 'call-summary', 'call-count']);
    const round1 = history.find((message) => message.role === 'tool')!;
    expect(round1.role === 'tool' && round1.responses[0]).toMatchObject({
      name: 'exportTickets',
      isError: true,
      result: expect.stringContaining('The outcome of this call of "exportTickets" is unknown'),
    });
    expect(round1.role === 'tool' && round1.responses[1].result).toContain(`key ${runId}:call-summary`);
    expect(status.response!.text).toBe('done: exportTickets=error, storeSummary=ok, countTickets=ok');
    expect(status.response!.toolExecutions.map((record) => record.toolCall.id)).toEqual([
      'call-export',
      'call-summary',
      'call-count',
    ]);
    // The stream a reader gets from any process, re-recorded by the worker that took over: one answer, each tool
    // result once, the answer's text once.
    const chunks = await recordedChunks(web.get(ResumableStreams), runId);
    const outputs = chunks
      .filter((chunk) => chunk.type === 'tool-output-available' || chunk.type === 'tool-output-error')
      .map((chunk) => [chunk.toolCallId, chunk.type]);
    expect(outputs).toEqual([
      ['call-export', 'tool-output-error'],
      ['call-summary', 'tool-output-available'],
      ['call-count', 'tool-output-available'],
    ]);
    const text = chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    expect(text).toBe(status.response!.text);
    expect(chunks.filter((chunk) => chunk.type === 'finish')).toHaveLength(1);
    expect(chunks.filter((chunk) => chunk.type === 'error' || chunk.type === 'abort')).toEqual([]);
  });

  it('a worker killed between rounds: the other goes on from the checkpoint, no tool runs again', async () => {
    const { runId } = await chat
      .prompt('Export every ticket and summarise, model-delay:3000')
      .request(ALICE)
      .submit();
    const first = await firstToPrint(workers, 'MODEL_CALL 2', 30_000);
    await first.kill();

    const status = await settled(runs, runId, 60_000);
    expect(status.status).toBe('finished');
    expect(await count('exportTickets', runId)).toBe(1);
    expect(await count('storeSummary', runId)).toBe(1);
    expect(await count('countTickets', runId)).toBe(1);
    expect(toolResponseIds(status.response!.history)).toEqual(['call-export', 'call-summary', 'call-count']);
    expect(status.response!.text).toBe('done: exportTickets=ok, storeSummary=ok, countTickets=ok');
  });

  it('cancel from the web process stops a running run within a second', async () => {
    const { runId } = await chat
      .prompt('Export every ticket')
      .request(ALICE)
      .toolContext({ delayMs: 20_000 })
      .submit();
    const running = await firstToPrint(workers, `TOOL_STARTED exportTickets ${runId}`, 30_000);
    expect(await runs.cancel(runId, ALICE)).toBe(true);
    // The running tool calls are aborted (the pub/sub message reaches the worker at once).
    await firstToPrint([running], 'TOOL_ABORTED', 1_000);
    expect((await runs.status(runId, ALICE)).status).toBe('cancelled');
    expect(await runs.cancel(runId, ALICE)).toBe(false);
  });

  it('200 concurrent runs across two workers all finish', async () => {
    const submitted = await Promise.all(
      Array.from({ length: 200 }, () => chat.prompt('Export every ticket').request(ALICE).submit()),
    );
    const statuses = await Promise.all(submitted.map(({ runId }) => settled(runs, runId, 120_000)));
    expect(statuses.filter((status) => status.status === 'finished')).toHaveLength(200);
    const [a, b] = workers.map((worker) => (worker.output.match(/MODEL_CALL 1/g) ?? []).length);
    // At least once each (a lock that lapses on a loaded machine lets the other worker take a run over).
    expect(a + b).toBeGreaterThanOrEqual(200);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });

  it('a run is its caller’s: another caller can neither read nor cancel it', async () => {
    const { runId } = await chat
      .prompt('Export every ticket')
      .request(ALICE)
      .toolContext({ delayMs: 20_000 })
      .submit();
    await expect(runs.status(runId, BOB)).rejects.toThrow('there is no run with this id for this caller');
    await expect(runs.cancel(runId, BOB)).rejects.toMatchObject({ name: 'RunNotFoundError' });
    await expect(runs.status(runId, {})).rejects.toMatchObject({ name: 'RunCallerUnknownError' });
    expect(await runs.cancel(runId, ALICE)).toBe(true);
  });

  it('refuses a request that is not data', async () => {
    await expect(
      chat.prompt('x').request(ALICE).signal(new AbortController().signal).submit(),
    ).rejects.toMatchObject({ name: 'RunNotSerializableError' });
  });
});

describe('submit() without DurableRunsModule', () => {
  it('says what to import', async () => {
    const chat = ChatClient.create({ call: jest.fn(), stream: jest.fn() } as never);
    await expect(chat.prompt('x').submit()).rejects.toThrow(
      'submit() needs durable runs: import DurableRunsModule.forRoot({ connection })',
    );
  });
});
