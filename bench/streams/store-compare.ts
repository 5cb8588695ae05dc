// Records 2,000 chunks of 60 bytes and has a second client (another connection) resume the whole stream, through the
// library's RedisResumableStreamStore (Redis Streams) and through the resumable-stream package on the same Redis:
// wall time of each, as a ratio, in one run. Run: node -r ./test/reliability/soak/register-ts.js bench/streams/store-compare.ts <redis url>
import { Redis } from 'ioredis';
import { ResumableStreams } from '../../lib';
import { RedisResumableStreamStore } from '../../lib/redis';

const url = process.argv[2];
const CHUNKS = 2000;
const chunk = (i: number) =>
  `data: {"type":"text-delta","id":"t","delta":"word ${String(i).padStart(6, '0')}"}\n\n`;

async function* source(): AsyncIterable<string> {
  for (let i = 0; i < CHUNKS; i++) {
    if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield chunk(i);
  }
}

async function drain(stream: ReadableStream<string>): Promise<number> {
  let bytes = 0;
  for await (const piece of stream as unknown as AsyncIterable<string>) bytes += piece.length;
  return bytes;
}

async function ours(run: number): Promise<number> {
  const a = new ResumableStreams(new RedisResumableStreamStore(url, { keyPrefix: 'cmp:' }), {
    ttlSeconds: 60,
    maxBytes: 1e9,
  });
  const b = new ResumableStreams(new RedisResumableStreamStore(url, { keyPrefix: 'cmp:' }), {
    ttlSeconds: 60,
    maxBytes: 1e9,
  });
  const start = process.hrtime.bigint();
  const live = await a.record(`ours-${run}`, source());
  const resumed = await b.resume(`ours-${run}`);
  const [x, y] = await Promise.all([drain(live), drain(resumed!)]);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (x !== y) throw new Error(`ours: ${x} != ${y}`);
  await a.store.close();
  await b.store.close();
  return ms;
}

async function pkg(run: number): Promise<number> {
  const { createResumableStreamContext } = require('resumable-stream/ioredis');
  const make = () =>
    createResumableStreamContext({
      waitUntil: null,
      keyPrefix: 'cmp-pkg',
      publisher: new Redis(url),
      subscriber: new Redis(url),
    });
  const a = make();
  const b = make();
  const start = process.hrtime.bigint();
  const web = () =>
    new ReadableStream<string>({
      async start(controller) {
        for await (const piece of source()) controller.enqueue(piece);
        controller.close();
      },
    });
  const live = await a.createNewResumableStream(`pkg-${run}`, web);
  const resumed = await b.resumeExistingStream(`pkg-${run}`);
  const [x, y] = await Promise.all([drain(live), drain(resumed)]);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (x !== y) throw new Error(`resumable-stream: ${x} != ${y}`);
  return ms;
}

async function main(): Promise<void> {
  const rows: Record<string, number[]> = { ours: [], pkg: [] };
  for (let run = 0; run < 5; run++) {
    rows.ours.push(await ours(run));
    rows.pkg.push(await pkg(run));
  }
  const median = (values: number[]) => [...values].sort((p, q) => p - q)[Math.floor(values.length / 2)];
  console.log(
    JSON.stringify({
      chunks: CHUNKS,
      oursMs: median(rows.ours),
      resumableStreamMs: median(rows.pkg),
      ratio: median(rows.ours) / median(rows.pkg),
    }),
  );
  process.exit(0);
}

void main();
