// Redis memory per queued durable run: `count` runs submitted through the real ChatClient and DurableRuns (no worker,
// so they stay queued: the BullMQ job plus the run's record and its caller's set), INFO used_memory before and after
// on a fresh redis-server. Prints one JSON line { bytes, jobBytes, recordBytes }.
// Run: node -r ./test/reliability/soak/register-ts.js bench/runs/queued-run-bytes.ts <redis url> <count>
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { ChatClient, ToolCallingModule } from '../../lib';
import { DurableRunsModule } from '../../lib/runs';
import { ScriptedChatModel } from '../../lib/testing';

const url = process.argv[2];
const count = Number(process.argv[3] ?? 10_000);

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

async function main(): Promise<void> {
  @Module({
    imports: [
      ToolCallingModule.forRoot({ chatModel: new ScriptedChatModel(() => 'unused') }),
      DurableRunsModule.forRoot({ connection: url, worker: false, maxRunsPerCaller: count }),
    ],
  })
  class BenchModule {}
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: ['error'] });
  const chat = app.get(ChatClient);
  const redis = new Redis(url);
  await redis.flushall();
  const before = await usedMemory(redis);
  // A typical submitted run: a one-line prompt, two tool names, a user id; 100 callers.
  for (let i = 0; i < count; i += 100)
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, (_, j) =>
        chat
          .prompt(`Export every ticket of project ${i + j} and summarise them`)
          .toolNames('exportTickets', 'storeSummary')
          .request({ user: { id: `user-${(i + j) % 100}` } })
          .submit(),
      ),
    );
  const after = await usedMemory(redis);
  // One run's two keys, for the split: its record, and its BullMQ job (the job's id is the run's).
  const [recordKey] = await redis.keys('nestjs-tool-calling:run:*');
  const runId = recordKey.slice('nestjs-tool-calling:run:'.length);
  const jobBytes = Number(await redis.memory('USAGE', `bull:nestjs-tool-calling-runs:${runId}`));
  const recordBytes = Number(await redis.memory('USAGE', recordKey));
  process.stdout.write(`${JSON.stringify({ bytes: (after - before) / count, jobBytes, recordBytes })}\n`);
  await redis.quit();
  // Bounded: the bench goes on whether or not every connection closes at once.
  await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
