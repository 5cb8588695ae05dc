/*
 * Soak: many conversations through the module's ChatClient, with a discovered @Tool and a function tool, checking
 * every answer and that the heap stays flat after warm-up. Run with `npm run soak` (see docs/RELIABILITY.md);
 * `--conversations=<n>` (default 100000), `--warmup=<n>` (default 10000), `--sample-every=<n>` (default 5000).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { performance } from 'node:perf_hooks';
import { ChatClient, type Prompt } from 'nestjs-tool-calling';
import type { ScriptedResponse } from 'nestjs-tool-calling/testing';
import { RotatingChatModel, soakModule } from './soak-app';

const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, Number(value)];
  }),
);
const CONVERSATIONS = options.conversations ?? 100_000;
const WARMUP = options.warmup ?? 10_000;
const SAMPLE_EVERY = options['sample-every'] ?? 5_000;
/** Conversations in flight at once, as concurrent HTTP requests would have. */
const CONCURRENCY = 8;
/** Conversations per ScriptedChatModel before it is replaced (see RotatingChatModel). */
const ROTATE_EVERY = 1_000;
/** Model requests per 4 conversations: kinds 0, 1 and 2 take two, kind 3 three. */
const REQUESTS_PER_4 = 9;
/** The most heap growth per conversation after warm-up that still counts as flat (a leak of 100,000 × this). */
const FLAT_BYTES_PER_CONVERSATION = 8;

function conversationOf(prompt: Prompt): number {
  const first = prompt.messages[0];
  return Number(first.role === 'user' ? first.content.slice('conversation '.length) : NaN);
}

/** Kind 0: two tools in one round; 1: invalid arguments; 2: an invented tool; 3: two rounds. */
function script(prompt: Prompt): ScriptedResponse {
  const n = conversationOf(prompt);
  const toolMessages = prompt.messages.filter((message) => message.role === 'tool');
  const last = prompt.messages[prompt.messages.length - 1];
  const kind = n % 4;
  if (toolMessages.length === 0) {
    if (kind === 0) {
      return {
        toolCalls: [
          { name: 'getWeather', arguments: { city: 'Paris', conversation: n } },
          { name: 'getTime', arguments: { zone: 'Europe/Paris' } },
        ],
      };
    }
    if (kind === 1) return { toolCalls: [{ name: 'getWeather', arguments: { city: 7 } }] };
    if (kind === 2) return { toolCalls: [{ name: 'getForecast', arguments: {} }] };
    return { toolCalls: [{ name: 'getWeather', arguments: { city: 'Tokyo', conversation: n } }] };
  }
  if (kind === 3 && toolMessages.length === 1) {
    return { toolCalls: [{ name: 'getTime', arguments: { zone: 'Asia/Tokyo' } }] };
  }
  const results = last.role === 'tool' ? last.responses.map((r) => (r.isError ? 'error' : r.result)) : [];
  return `answer #${n}: ${results.join(' | ')}`;
}

function expectedAnswer(n: number): string {
  switch (n % 4) {
    case 0:
      return `answer #${n}: Paris: sunny, 25°C | 12:00 in Europe/Paris`;
    case 3:
      return `answer #${n}: 12:00 in Asia/Tokyo`;
    default:
      return `answer #${n}: error`;
  }
}

interface Sample {
  readonly conversations: number;
  readonly seconds: number;
  readonly heapUsed: number;
  readonly rss: number;
}

function collect(): void {
  for (let i = 0; i < 3; i++) global.gc!();
}

function sample(conversations: number, start: number): Sample {
  collect();
  const memory = process.memoryUsage();
  return {
    conversations,
    seconds: (performance.now() - start) / 1000,
    heapUsed: memory.heapUsed,
    rss: memory.rss,
  };
}

/**
 * Heap growth per conversation after warm-up: from the lowest sample of the first third to the lowest of the last
 * third. A leak raises the floor; a sample caught while something transient was alive does not.
 */
function growthPerConversation(samples: readonly Sample[]): number {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const floor = (part: readonly Sample[]) =>
    part.reduce((low, s) => (s.heapUsed < low.heapUsed ? s : low), part[0]);
  const head = floor(samples.slice(0, third));
  const tail = floor(samples.slice(-third));
  const conversations = tail.conversations - head.conversations;
  return conversations <= 0 ? 0 : (tail.heapUsed - head.heapUsed) / conversations;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

async function main(): Promise<number> {
  if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc (npm run soak does)');
  const model = new RotatingChatModel(script);
  const app = await NestFactory.createApplicationContext(soakModule(model), { logger: false });
  const chat = app.get(ChatClient);
  const failures: string[] = [];
  const samples: Sample[] = [];
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let lastTurn = start;

  const converse = async (n: number): Promise<void> => {
    const answer = await chat
      .prompt(`conversation ${n}`)
      .toolContext({ tenant: `tenant-${n}` })
      .call()
      .content();
    if (answer !== expectedAnswer(n) && failures.length < 10) failures.push(`#${n}: ${answer}`);
  };

  console.log(`soak: ${CONVERSATIONS} conversations, ${CONCURRENCY} in flight, warm-up ${WARMUP}`);
  console.log('| conversations | elapsed s | conversations/s | heapUsed MB (after gc) | rss MB |');
  console.log('|---:|---:|---:|---:|---:|');
  for (let done = 0; done < CONVERSATIONS;) {
    const batch: Promise<void>[] = [];
    for (let i = 0; i < CONCURRENCY && done < CONVERSATIONS; i++) batch.push(converse(done++));
    await Promise.all(batch);
    // A real model call lets the event loop turn; without it, what is released on a turn would look like a leak.
    if (performance.now() - lastTurn >= 1) {
      await new Promise((resolve) => setImmediate(resolve));
      lastTurn = performance.now();
    }
    if (done % ROTATE_EVERY === 0) {
      const retired = model.rotate();
      const expected = (ROTATE_EVERY / 4) * REQUESTS_PER_4;
      if (retired.requests.length !== expected) {
        failures.push(`${retired.requests.length} model requests in a batch instead of ${expected}`);
      }
      if (JSON.stringify(retired.requests).includes('tenant-'))
        failures.push('a tool context value reached the model');
    }
    if (done === WARMUP || (done > WARMUP && done % SAMPLE_EVERY === 0) || done === CONVERSATIONS) {
      const s = sample(done, start);
      samples.push(s);
      const rate = Math.round(done / s.seconds);
      console.log(`| ${done} | ${s.seconds.toFixed(1)} | ${rate} | ${mb(s.heapUsed)} | ${mb(s.rss)} |`);
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - start) / 1000;
  await app.close();

  const first = samples[0];
  const last = samples[samples.length - 1];
  const perConversation = growthPerConversation(samples);
  const flat = perConversation <= FLAT_BYTES_PER_CONVERSATION;
  console.log('');
  console.log(`duration: ${seconds.toFixed(1)} s, ${Math.round(CONVERSATIONS / seconds)} conversations/s`);
  console.log(`cpu: ${((cpu.user + cpu.system) / CONVERSATIONS).toFixed(1)} µs per conversation`);
  console.log(
    `heap after warm-up: ${mb(first.heapUsed)} MB → ${mb(last.heapUsed)} MB ` +
      `(${(last.heapUsed - first.heapUsed) / 1024 >= 0 ? '+' : ''}${((last.heapUsed - first.heapUsed) / 1024).toFixed(0)} KB), ` +
      `growth ${perConversation.toFixed(2)} bytes per conversation (flat: ≤ ${FLAT_BYTES_PER_CONVERSATION}) ` +
      `→ ${flat ? 'flat' : 'GROWING'}`,
  );
  console.log(
    `answers checked: ${CONVERSATIONS}, failures: ${failures.length === 0 ? 'none' : failures.join('; ')}`,
  );
  return failures.length === 0 && flat ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
