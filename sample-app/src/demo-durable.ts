import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// `npm run demo:durable`: a web process (RUN_WORKER=false) and two worker processes on one Redis; a long run is
// submitted, the worker running it is killed (SIGKILL) in the middle of its tool call, and the run finishes on the
// other worker. Uses REDIS_URL when set, otherwise starts Debian's redis-server on a free loopback port.

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) =>
  existsSync(path),
);
const SLOW_TOOL_MS = 6_000;
/**
 * Every wait of the demo is bounded: BullMQ notices a dead worker's job within its lock duration (RUN_LOCK_MS, 5 s
 * here) and the next stalled check, so the takeover comes within seconds.
 */
const WAIT_MS = 60_000;
/** How long the processes get to stop on SIGTERM at the end before they are killed. */
const STOP_WAIT_MS = 10_000;

interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly lines: string[];
}

const children: Child[] = [];

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child: Child = {
    name,
    process: spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }),
    lines: [],
  };
  for (const stream of [child.process.stdout!, child.process.stderr!])
    stream.on('data', (data: Buffer) => child.lines.push(...data.toString().split('\n').filter(Boolean)));
  children.push(child);
  return child;
}

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`gave up after ${WAIT_MS / 1000} s waiting for ${what}`);
}

const lineOf = (child: Child, text: string) => child.lines.find((line) => line.includes(text));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function redisUrl(): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (!REDIS_SERVER)
    throw new Error(
      'set REDIS_URL, or install redis-server (apt-get install redis-server) for the demo to start one',
    );
  const port = await freePort();
  const redis = start(
    'redis',
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
  );
  await waitFor('redis-server', () => lineOf(redis, 'Ready to accept connections'));
  return `redis://127.0.0.1:${port}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'durable-demo-'));
  try {
    const port = await freePort();
    const env = {
      ...process.env,
      REDIS_URL: await redisUrl(),
      SUPPORT_DB_PATH: join(dir, 'tickets.db'),
      SAMPLE_SLOW_TOOL_MS: String(SLOW_TOOL_MS),
      // A dead worker's job is taken over after about this long (BullMQ's lock duration), rather than 30 s.
      RUN_LOCK_MS: '5000',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    };
    const web = start('web', process.execPath, [join(__dirname, 'main.js')], { ...env, RUN_WORKER: 'false' });
    await waitFor('the web process', () => lineOf(web, 'Support desk sample: open'));
    const workers = ['worker-1', 'worker-2'].map((name) =>
      start(name, process.execPath, [join(__dirname, 'worker.js')], env),
    );
    for (const worker of workers) await waitFor(worker.name, () => lineOf(worker, 'running durable runs'));
    console.log(
      `web process pid ${web.process.pid} (RUN_WORKER=false), workers pid ${workers.map((w) => w.process.pid).join(' and ')}`,
    );

    const url = `http://127.0.0.1:${port}`;
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'demo' }),
    });
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const question = 'Summarise my tickets';
    const chatId = `demo-${Date.now()}`;
    const submitted = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id: chatId,
        messages: [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: question }] }],
      }),
    });
    const runId = submitted.headers.get('x-run-id');
    if (!submitted.ok || !runId)
      throw new Error(`POST /api/chat answered ${submitted.status}: ${await submitted.text()}`);
    void submitted.body?.cancel();
    console.log(`[alice] › ${question}\n  submitted: run ${runId}`);

    const first = await waitFor('a worker to start the tool call', () =>
      workers.find((worker) => lineOf(worker, `summariseTickets ${runId}`)),
    );
    await sleep(SLOW_TOOL_MS / 3);
    console.log(
      `  ${first.name} (pid ${first.process.pid}) runs summariseTickets: killing it mid-call (SIGKILL)`,
    );
    first.process.kill('SIGKILL');
    const killedAt = Date.now();
    const other = workers.find((worker) => worker !== first)!;
    await waitFor(`${other.name} to take the run over`, () => lineOf(other, `summariseTickets ${runId}`));
    console.log(
      `  ${other.name} (pid ${other.process.pid}) took the run over from its last checkpoint ${((Date.now() - killedAt) / 1000).toFixed(1)} s later, and runs the idempotent tool again`,
    );

    const status = await waitFor('the run to end', async () => {
      const response = await fetch(`${url}/api/runs/${runId}`, { headers });
      const run = (await response.json()) as { status: string; answer?: string; error?: { message: string } };
      return ['finished', 'failed', 'cancelled'].includes(run.status) ? run : undefined;
    });
    console.log(`  run ${runId}: ${status.status}${status.error ? ` (${status.error.message})` : ''}`);
    if (status.answer) console.log(`  ${status.answer.replace(/\n/g, '\n  ')}`);
    const replay = await fetch(`${url}/api/chat/${chatId}/stream`, { headers });
    const outputs = (await replay.text())
      .split('\n')
      .filter((line) => line.includes('"tool-output-available"'));
    console.log(`  the run's stream, read again from the web process: ${outputs.length} tool result(s)`);
    if (status.status !== 'finished') process.exitCode = 1;
  } finally {
    await stopChildren();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SIGTERM to every process the demo started, and SIGKILL to those still there after a bounded wait. */
async function stopChildren(): Promise<void> {
  const running = children.reverse().filter((child) => child.process.exitCode === null);
  const exited = running.map(
    (child) => new Promise<void>((resolve) => child.process.once('exit', () => resolve())),
  );
  for (const child of running) child.process.kill('SIGTERM');
  await Promise.race([Promise.all(exited), sleep(STOP_WAIT_MS)]);
  for (const child of running) if (child.process.exitCode === null) child.process.kill('SIGKILL');
}

// Ctrl-C (or a timeout) ends the processes the demo started, not only the demo.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    process.exit(130);
  });

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  for (const child of children) {
    console.error(`--- ${child.name}:\n${child.lines.slice(-20).join('\n')}`);
    if (child.process.exitCode === null) child.process.kill('SIGKILL');
  }
  process.exitCode = 1;
});
