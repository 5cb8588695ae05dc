#!/usr/bin/env node
'use strict';
/**
 * The whole HTTP path: the sample-shaped app on the library (JWT guard, guarded @Tool method, chat memory in Redis,
 * the scripted model) against a bare Nest endpoint doing the same work by hand, each in its own process, driven over
 * loopback by autocannon at fixed concurrencies, in alternating bounded runs. The server's own CPU time per request
 * (process.cpuUsage in the server) gives requests per core-second and the ratio; autocannon gives p50/p99.
 *
 *   node bench/http/run.js [--full] [--concurrency=1,16,64] [--seconds=N] [--repeats=N] [--profile=library|bare]
 *
 * Starts and stops its own redis-server; skips (exit 0) with a message when there is none. Report: stdout and
 * bench/results/http-latest.md (+ .json).
 */
const { fork } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const Redis = require('ioredis');
const { REDIS_SERVER, NO_REDIS, startRedis } = require('../lib/redis-server');
const { median } = require('../lib/stats');

const log = (line) => process.stderr.write(`${line}\n`);
const KINDS = ['library', 'bare'];
const CONVERSATIONS = 100;
const PROFILES = {
  quick: { concurrency: [1, 16, 64], seconds: 2, repeats: 2, warmupSeconds: 2 },
  full: { concurrency: [1, 16, 64], seconds: 5, repeats: 5, warmupSeconds: 4 },
};
const TARGET = 1.5;

function parseOptions(argv) {
  const flags = new Map(
    argv.map((arg) => /^--([a-z-]+)(?:=(.*))?$/.exec(arg) ?? [arg]).map((m) => [m[1], m[2] ?? 'true']),
  );
  for (const key of flags.keys())
    if (!['full', 'concurrency', 'seconds', 'repeats', 'profile', 'out'].includes(key))
      throw new Error(`unknown argument --${key}`);
  const mode = flags.has('full') ? 'full' : 'quick';
  const options = { mode, ...PROFILES[mode], profile: flags.get('profile'), out: flags.get('out') };
  if (flags.has('concurrency')) options.concurrency = flags.get('concurrency').split(',').map(Number);
  for (const key of ['seconds', 'repeats']) if (flags.has(key)) options[key] = Number(flags.get(key));
  const bad = [...options.concurrency, options.seconds, options.repeats].filter(
    (n) => !Number.isInteger(n) || n < 1,
  );
  if (bad.length > 0) throw new Error(`--concurrency, --seconds and --repeats take positive integers`);
  if (options.profile && !KINDS.includes(options.profile)) throw new Error(`--profile=library or bare`);
  return options;
}

/** The server in its own process; `cpu()` its CPU time in µs so far. */
async function startServer(kind, redisUrl, profile) {
  const execArgv = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(__dirname, '../results/profiles')}`]
    : [];
  const child = fork(path.join(__dirname, 'server.js'), [kind, redisUrl], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`the ${kind} server failed: ${ready.reason}`);
  return {
    kind,
    url: `http://127.0.0.1:${ready.port}/chat`,
    token: ready.token,
    async cpu() {
      child.send({ cmd: 'cpu' });
      return (await next()).micros;
    },
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ cmd: 'stop' });
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

const question = (city) => `What is the weather in ${city}?`;

/**
 * Before measuring, each server shows that the guard refuses a request without a token, that the tool ran for the
 * signed-in user's tenant (its result is in the answer), and that the exchange was stored in Redis.
 */
async function check(server, redis) {
  const conversationId = `check-${server.kind}`;
  const body = JSON.stringify({ question: question('Oslo'), conversationId });
  const headers = { 'content-type': 'application/json' };
  const refused = await fetch(server.url, { method: 'POST', headers, body });
  if (refused.status !== 401) throw new Error(`${server.kind}: no token gave ${refused.status}, not 401`);
  for (let i = 0; i < 2; i++) {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${server.token}` },
      body,
    });
    const answer = await response.json();
    if (
      response.status !== 201 ||
      !/^Here is the weather: \{"city":"Oslo","tenant":"acme",/.test(answer.text)
    )
      throw new Error(`${server.kind}: unexpected answer ${response.status} ${JSON.stringify(answer)}`);
  }
  const keys = await redis.keys(`*memory:${conversationId}`);
  const stored = keys.length === 1 ? await redis.llen(keys[0]) : 0;
  if (stored !== 8)
    throw new Error(`${server.kind}: ${stored} messages stored in Redis after two exchanges, not 8`);
}

async function load(server, connections, seconds, run) {
  let n = 0;
  const before = await server.cpu();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            question: question('Paris'),
            conversationId: `${run}-${n++ % CONVERSATIONS}`,
          }),
        }),
      },
    ],
  });
  const cpuUs = (await server.cpu()) - before;
  const ok = result['2xx'];
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || ok === 0)
    throw new Error(
      `${server.kind}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${ok + result.non2xx}`,
    );
  return {
    requests: ok,
    wallSeconds: result.duration,
    cpuUs,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function render(options, rows, environment) {
  const lines = [
    `## The whole HTTP path (\`node bench/http/run.js${options.mode === 'full' ? ' --full' : ''}\`)`,
    '',
    `${environment}; ${options.repeats} repeats × ${options.seconds} s per concurrency and app, alternating; the server's own CPU.`,
    'library: JWT guard, `@Tool` method behind a role guard, chat memory in Redis (module option `redis`), scripted model (one tool call, then text);',
    'bare: the same Nest route and guard, the same work by hand (Redis read, ajv, role check, the method, one MULTI write).',
    "mean ms: connections × duration / requests (Little's law); p50/p99: autocannon's, to 1 ms.",
    '',
    '| concurrency | app | req/s | req/s per core | CPU µs/req | mean ms | p50 ms | p99 ms | CPU × bare (min–max) |',
    '| ----------- | --- | ----- | -------------- | ---------- | ------- | ------ | ------ | -------------------- |',
  ];
  for (const { connections, byKind, ratios } of rows) {
    for (const kind of KINDS) {
      const samples = byKind[kind];
      const cpu = median(samples.map((s) => s.cpuUs / s.requests));
      const ratio =
        kind === 'library'
          ? `**${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) ${median(ratios) <= TARGET ? 'met' : 'missed'} (≤ ${TARGET}×)`
          : '';
      lines.push(
        `| ${connections} | ${kind} | ${median(samples.map((s) => s.requests / s.wallSeconds)).toFixed(0)} | ${(1e6 / cpu).toFixed(0)} | ${cpu.toFixed(0)} | ${median(samples.map((s) => (1000 * connections * s.wallSeconds) / s.requests)).toFixed(2)} | ${median(samples.map((s) => s.p50)).toFixed(1)} | ${median(samples.map((s) => s.p99)).toFixed(1)} | ${ratio} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const out = path.resolve(options.out ?? path.join(__dirname, '../results'));
  fs.mkdirSync(out, { recursive: true });
  if (!REDIS_SERVER) {
    const markdown = `## The whole HTTP path\n\nskipped: ${NO_REDIS}\n`;
    log(`http: skipped — ${NO_REDIS}`);
    process.stdout.write(markdown);
    fs.writeFileSync(path.join(out, 'http-latest.md'), markdown);
    return;
  }
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  const servers = [];
  try {
    for (const kind of KINDS)
      servers.push(await startServer(kind, redisServer.url, options.profile === kind));
    for (const server of servers) {
      await check(server, redis);
      await load(server, 16, options.warmupSeconds, `warmup-${server.kind}`);
    }
    log(`http: both servers passed their checks and warmed up`);
    const rows = options.concurrency.map((connections) => ({
      connections,
      byKind: { library: [], bare: [] },
      ratios: [],
    }));
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      for (const row of rows) {
        const order = repeat % 2 === 0 ? servers : [...servers].reverse();
        const pair = {};
        for (const server of order) {
          pair[server.kind] = await load(
            server,
            row.connections,
            options.seconds,
            `r${repeat}-c${row.connections}-${server.kind}`,
          );
          row.byKind[server.kind].push(pair[server.kind]);
        }
        const perRequest = (s) => s.cpuUs / s.requests;
        row.ratios.push(perRequest(pair.library) / perRequest(pair.bare));
        log(`http: repeat ${repeat + 1} c=${row.connections}: CPU × bare ${row.ratios.at(-1).toFixed(2)}`);
      }
    }
    const environment = `Node ${process.version}, autocannon ${require('autocannon/package.json').version}, redis-server on loopback`;
    const markdown = render(options, rows, environment);
    process.stdout.write(markdown);
    fs.writeFileSync(path.join(out, 'http-latest.md'), markdown);
    fs.writeFileSync(path.join(out, 'http-latest.json'), `${JSON.stringify({ options, rows }, null, 2)}\n`);
  } finally {
    for (const server of servers) await server.stop();
    await redis.quit();
    await redisServer.stop();
  }
}

main().catch((error) => {
  log(error?.stack ?? String(error));
  process.exitCode = 1;
});
