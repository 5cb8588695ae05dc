#!/usr/bin/env node
'use strict';
/**
 * State at scale: what the library keeps per stored conversation (chat memory) and per paused run (approval store),
 * in memory (heap used after a full GC) and in Redis (`INFO memory` used_memory), at 10,000 of each, each made through
 * the real ChatClient; the UI stream's CPU per event; tool search latency at 5,000 tools; and the runs engineer's hook
 * (bench/runs/state.js: per queued run, checkpoint cost per round). Report: stdout and bench/results/state-latest.md.
 *
 *   node bench/state/run.js [--count=10000]
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

if (typeof global.gc !== 'function') {
  const result = spawnSync(process.execPath, ['--expose-gc', __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

const Redis = require('ioredis');
const { loadLibrary } = require('../impl/support/library');
const { REDIS_SERVER, NO_REDIS, startRedis } = require('../lib/redis-server');
const { scriptedTurn, weatherOf } = require('../http/shared');
const { measureUiStream } = require('../ui-stream/run');
const { toolSet, jsonSchemaOf } = require('../search/tool-sets');

const log = (line) => process.stderr.write(`${line}\n`);
const countFlag = process.argv.find((arg) => arg.startsWith('--count='));
const COUNT = countFlag ? Number(countFlag.slice('--count='.length)) : 10_000;
/** The runs engineer fills this file: `{ perQueuedRun(count, redisUrl?), checkpointPerRound() }` (see RUNS_HOOK). */
const RUNS_HOOK = path.join(__dirname, '../runs/state.js');

const library = loadLibrary('', [
  'ChatClient',
  'FunctionToolCallback',
  'MessageChatMemoryAdvisor',
  'MessageWindowChatMemory',
  'InMemoryChatMemoryRepository',
  'InMemoryApprovalStore',
  'MiniSearchToolIndex',
  'assistantMessage',
]);
const redisEntry = () => loadLibrary('redis', ['RedisChatMemoryRepository', 'RedisApprovalStore']);

function heapUsed() {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed;
}

async function redisUsedMemory(redis) {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)[1]);
}

/** The scripted model of the HTTP benchmark: one tool call for the question's city, then a text with its result. */
function scriptedModel() {
  let ids = 0;
  const nextId = () => `call_${++ids}`;
  return {
    async call(prompt) {
      const turn = scriptedTurn(prompt.messages, nextId);
      return turn.toolCall
        ? { message: library.assistantMessage('', [turn.toolCall]), finishReason: 'tool_calls' }
        : { message: library.assistantMessage(turn.text), finishReason: 'stop' };
    },
    stream() {
      throw new Error('not streamed here');
    },
  };
}

function weatherTool(approval) {
  return library.FunctionToolCallback.from({
    name: 'getWeather',
    description: 'Current weather in a city: conditions and temperature',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    fn: ({ city }) => weatherOf(city, 'acme'),
    approval,
  });
}

const QUESTION = 'What is the weather in Paris?';

/** COUNT conversations of one exchange each (question, tool call, its result, answer: 4 messages) in `repository`. */
async function storeConversations(repository, prefix) {
  const memory = new library.MessageWindowChatMemory({ repository });
  const chat = library.ChatClient.create(scriptedModel(), {
    toolCallbacks: [weatherTool(false)],
    advisors: [new library.MessageChatMemoryAdvisor(memory)],
  });
  for (let i = 0; i < COUNT; i++)
    await chat.prompt(QUESTION).conversationId(`${prefix}${i}`).call().content();
  const sample = await memory.get(`${prefix}0`);
  if (sample.length !== 4) throw new Error(`a stored conversation has ${sample.length} messages, not 4`);
  return JSON.stringify(sample).length;
}

/** COUNT calls paused on a tool that needs approval, waiting in `store`. */
async function pauseRuns(store) {
  const chat = library.ChatClient.create(
    scriptedModel(),
    { toolCallbacks: [weatherTool(true)] },
    { approvals: { store, callerId: () => 'bench' } },
  );
  let pending = 0;
  for (let i = 0; i < COUNT; i++)
    pending += (await chat.prompt(QUESTION).call().chatResponse()).pendingApprovals.length;
  if (pending !== COUNT) throw new Error(`${pending} calls paused, not ${COUNT}`);
}

async function inMemory(fill) {
  const holder = {};
  const before = heapUsed();
  await fill(holder);
  const after = heapUsed();
  if (!holder.keep) throw new Error('nothing kept');
  return (after - before) / COUNT;
}

async function inRedis(redis, fill) {
  await redis.flushall();
  const before = await redisUsedMemory(redis);
  const result = await fill();
  const after = await redisUsedMemory(redis);
  return { bytes: (after - before) / COUNT, result };
}

async function searchLatency(size) {
  const tools = toolSet(size);
  const callbacks = tools.map(([name, description, params]) =>
    library.FunctionToolCallback.from({
      name,
      description,
      inputSchema: jsonSchemaOf(params),
      fn: () => 'ok',
    }),
  );
  const map = new Map(callbacks.map((c) => [c.getToolDefinition().name, c]));
  const index = new library.MiniSearchToolIndex();
  index.update(map);
  const queries = require('../search/queries.json').map((q) => q.search);
  const search = (text) => index.search({ text, limit: 5, accepts: (name) => map.has(name) });
  for (const q of queries) search(q);
  const times = [];
  for (let repeat = 0; repeat < 5; repeat++)
    for (const q of queries) {
      const started = process.hrtime.bigint();
      search(q);
      times.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  times.sort((a, b) => a - b);
  return { medianUs: times[times.length >> 1], p95Us: times[Math.floor(times.length * 0.95)] };
}

async function main() {
  const rows = [];
  const row = (what, figure, target, verdict) => rows.push({ what, figure, target, verdict });
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

  log(`state: ${COUNT} conversations in memory…`);
  let payload = 0;
  const conversationHeap = await inMemory(async (holder) => {
    holder.keep = new library.InMemoryChatMemoryRepository();
    payload = await storeConversations(holder.keep, 'c');
  });
  row(
    'chat memory, in memory: bytes per stored conversation (4 messages)',
    `${kb(conversationHeap)} (${(conversationHeap / payload).toFixed(2)}× its ${payload} B of JSON)`,
    '≤ 4× the JSON',
    conversationHeap <= 4 * payload ? 'met' : 'missed',
  );
  log(`state: ${COUNT} paused runs in memory…`);
  const pausedHeap = await inMemory(async (holder) => {
    holder.keep = new library.InMemoryApprovalStore();
    await pauseRuns(holder.keep);
  });
  row(
    'approval store, in memory: bytes per paused run (1 pending call)',
    kb(pausedHeap),
    '≤ 4 KB',
    pausedHeap <= 4096 ? 'met' : 'missed',
  );

  if (!REDIS_SERVER) {
    row('chat memory and approval store in Redis', `skipped: ${NO_REDIS}`, '', '');
  } else {
    const server = await startRedis();
    const redis = new Redis(server.url);
    try {
      const { RedisChatMemoryRepository, RedisApprovalStore } = redisEntry();
      log(`state: ${COUNT} conversations in Redis…`);
      const repository = new RedisChatMemoryRepository(redis);
      const conversations = await inRedis(redis, () => storeConversations(repository, 'c'));
      const keyBytes = await redis.memory('USAGE', 'nestjs-tool-calling:memory:c0');
      row(
        'chat memory, Redis: bytes per stored conversation (INFO used_memory delta; MEMORY USAGE of one key)',
        `${kb(conversations.bytes)} (${(conversations.bytes / conversations.result).toFixed(2)}× its JSON; one key ${keyBytes} B)`,
        '≤ 2× the JSON',
        conversations.bytes <= 2 * conversations.result ? 'met' : 'missed',
      );
      log(`state: ${COUNT} paused runs in Redis…`);
      const paused = await inRedis(redis, () => pauseRuns(new RedisApprovalStore(redis)));
      row(
        'approval store, Redis: bytes per paused run (1 pending call)',
        kb(paused.bytes),
        '≤ 4 KB',
        paused.bytes <= 4096 ? 'met' : 'missed',
      );
    } finally {
      await redis.quit();
      await server.stop();
    }
  }

  log('state: UI stream…');
  const ui = await measureUiStream(100, 5);
  row(
    `UI stream: CPU per event (${ui.eventsPerCall} events per call)`,
    `events() ${ui.eventsUs.toFixed(2)} µs; toUIMessageChunks() ${ui.chunksUs.toFixed(2)} µs (${ui.chunksRatio.toFixed(2)}×); SSE ${ui.sseUs.toFixed(2)} µs (${ui.sseRatio.toFixed(2)}×)`,
    'SSE ≤ 4× events()',
    ui.sseRatio <= 4 ? 'met' : 'missed',
  );

  log('state: tool search at 5,000 tools…');
  const search = await searchLatency(5000);
  row(
    'tool search at 5,000 tools: latency per search (median, p95)',
    `${search.medianUs.toFixed(0)} µs, ${search.p95Us.toFixed(0)} µs`,
    'median < 1 ms',
    search.medianUs < 1000 ? 'met' : 'missed',
  );

  if (fs.existsSync(RUNS_HOOK)) {
    // The runs engineer's rows: each returns { figure, target, verdict }.
    const hook = require(RUNS_HOOK);
    for (const [what, measure] of [
      ['runs: bytes per queued run', hook.perQueuedRun],
      ['runs: checkpoint cost per round', hook.checkpointPerRound],
    ]) {
      if (typeof measure !== 'function') row(what, 'not written yet (bench/runs/state.js)', '', '');
      else {
        const result = await measure({ count: COUNT, startRedis });
        row(what, result.figure, result.target, result.verdict);
      }
    }
  } else {
    row('runs: bytes per queued run', 'not written yet (bench/runs/state.js)', '', '');
    row('runs: checkpoint cost per round', 'not written yet (bench/runs/state.js)', '', '');
  }

  const lines = [
    '## State at scale (`node bench/state/run.js`)',
    '',
    `Node ${process.version}; ${COUNT.toLocaleString('en')} of each, made through the real ChatClient; in memory: heap used after a full GC, before and after; Redis: \`INFO memory\` used_memory, before and after, on a fresh redis-server.`,
    '',
    '| what | measured | target | verdict |',
    '| ---- | -------- | ------ | ------- |',
    ...rows.map((r) => `| ${r.what} | ${r.figure} | ${r.target} | ${r.verdict} |`),
  ];
  const markdown = `${lines.join('\n')}\n`;
  process.stdout.write(markdown);
  const out = path.join(__dirname, '../results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'state-latest.md'), markdown);
}

main().catch((error) => {
  log(error?.stack ?? String(error));
  process.exitCode = 1;
});
