// The added cost of a durable run per round: the same 5-round chat call (scripted model, two synchronous tools per
// round) in process, and as a durable run checkpointing into RedisRunStore on a real Redis. Reports CPU time per
// round of each (this process; Redis's own CPU is not counted) and Redis commands per round (INFO commandstats, as
// a ratio is meaningless for a count). Run: node -r ./test/reliability/soak/register-ts.js bench/runs/checkpoint-cost.ts <redis url>
import { Redis } from 'ioredis';
import { ChatClient, FunctionToolCallback } from '../../lib';
import { RedisRunStore } from '../../lib/runs';
import { ScriptedChatModel } from '../../lib/testing';

const url = process.argv[2];
const ROUNDS = 5;
const CALLS = 200;

const tool = (name: string) =>
  FunctionToolCallback.from({
    name,
    description: name,
    inputSchema: { type: 'object', properties: {} },
    fn: () => `${name}: ${'x'.repeat(200)}`,
  });

function model(): ScriptedChatModel {
  return new ScriptedChatModel((prompt) => {
    const round = prompt.messages.filter((message) => message.role === 'tool').length;
    if (round === ROUNDS) return 'done';
    return {
      toolCalls: [
        { id: `a${round}`, name: 'lookup', arguments: {} },
        { id: `b${round}`, name: 'update', arguments: {} },
      ],
    };
  });
}

const client = ChatClient.create(model(), { toolCallbacks: [tool('lookup'), tool('update')] });

async function commands(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)![1]);
}

async function measure(
  durable: RedisRunStore | undefined,
  redis: Redis,
): Promise<{ cpuUs: number; cmds: number }> {
  const before = await commands(redis);
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const spec = client.prompt('go');
    if (durable) spec.durable({ runId: `bench-${i}`, store: durable });
    const response = await spec.call().chatResponse();
    if (response.text !== 'done') throw new Error(`unexpected answer: ${response.text}`);
  }
  const used = process.cpuUsage(cpu);
  // The INFO of `before` and this one are commands too: not the run's.
  const cmds = (await commands(redis)) - before - 1;
  return { cpuUs: (used.user + used.system) / (CALLS * ROUNDS), cmds: cmds / (CALLS * ROUNDS) };
}

async function main(): Promise<void> {
  const redis = new Redis(url);
  const store = new RedisRunStore(redis, 'bench-runs:', 60_000);
  await measure(undefined, redis); // warm-up
  await measure(store, redis);
  const plain = await measure(undefined, redis);
  const durable = await measure(store, redis);
  const row = (name: string, m: { cpuUs: number; cmds: number }) =>
    `| ${name} | ${m.cpuUs.toFixed(1)} | ${(m.cpuUs / plain.cpuUs).toFixed(2)} | ${m.cmds.toFixed(1)} |`;
  process.stdout.write(
    [
      '| run (5 rounds, 2 tools each) | CPU µs/round | ratio | Redis commands/round |',
      '| --- | ---: | ---: | ---: |',
      row('in process', plain),
      row('durable (RedisRunStore)', durable),
      '',
    ].join('\n'),
  );
  await redis.quit();
}

void main();
