'use strict';
// The durable runs' rows of bench/state/run.js: Redis bytes per queued run, and the added cost of a checkpointed
// round. Each runs its TypeScript script (bench/runs/*.ts) in a child process on a fresh redis-server.
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '../..');
const REGISTER = path.join(ROOT, 'test/reliability/soak/register-ts.js');

function script(name, args) {
  const result = spawnSync(process.execPath, ['-r', REGISTER, path.join(__dirname, name), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr || result.error}`);
  return result.stdout;
}

async function withRedis(startRedis, fn) {
  const server = await startRedis();
  try {
    return fn(server.url);
  } finally {
    await server.stop();
  }
}

/** Bytes of Redis memory per queued run (BullMQ job + run record + caller set), `count` runs. */
async function perQueuedRun({ count, startRedis }) {
  const { bytes, jobBytes, recordBytes } = JSON.parse(
    await withRedis(startRedis, (url) => script('queued-run-bytes.ts', [url, String(count)])),
  );
  return {
    figure: `${(bytes / 1024).toFixed(2)} KB at ${count.toLocaleString('en')} (one job ${jobBytes} B, one record ${recordBytes} B)`,
    target: '≤ 4 KB',
    verdict: bytes <= 4096 ? 'met' : 'missed',
  };
}

/** CPU and Redis commands per round of a durable run against the same run in process (5 rounds, 2 tools each). */
async function checkpointPerRound({ startRedis }) {
  const table = await withRedis(startRedis, (url) => script('checkpoint-cost.ts', [url]));
  const cells = (name) =>
    table
      .split('\n')
      .find((line) => line.startsWith(`| ${name}`))
      .split('|')
      .map((cell) => cell.trim());
  const plain = cells('in process');
  const durable = cells('durable');
  const [cpuUs, ratio, commands] = [Number(durable[2]), Number(durable[3]), Number(durable[4])];
  const addedUs = cpuUs - Number(plain[2]);
  return {
    figure: `${cpuUs.toFixed(1)} µs CPU/round (${ratio.toFixed(2)}× in process, ${Number(plain[2]).toFixed(1)} µs: +${addedUs.toFixed(0)} µs); ${commands.toFixed(1)} Redis commands/round`,
    // Against a model request per round (≥ 100 ms), 1 ms is under 1 %; the commands: one checkpoint after the model
    // response and one after the tool round, plus a start mark and a result per call (2 calls here).
    target: '≤ 1 ms CPU added; ≤ 2 + 3 per call (8) commands/round',
    verdict: addedUs <= 1000 && commands <= 8 ? 'met' : 'missed',
  };
}

module.exports = { perQueuedRun, checkpointPerRound };
