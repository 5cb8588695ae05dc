'use strict';
/**
 * One implementation on one variant, in its own process (forked by run.js with --expose-gc): set up, verify, warm
 * up, then measure when the runner asks, so that batches of all implementations interleave. Replies over IPC.
 */
const { createWorkload } = require('./workload/variants');
const { NOT_AVAILABLE } = require('./lib/implementations');
const { verifyImplementation } = require('./lib/verify');
const { runFor, heapGrowth } = require('./lib/measure');

const [implFile, variantId, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson);

let handle;
let workload;
let conversationsPerSecond = 0;

async function start() {
  let implementation;
  try {
    implementation = require(implFile);
    workload = createWorkload(variantId);
    handle = await implementation.setup(workload);
    // A row may add what its setup verified (say, which Nest it ran).
    const checks = [
      ...(await verifyImplementation(implementation, handle, workload)),
      ...(handle.checks ?? []),
    ];
    const warmup = await runFor(handle.runConversation, options.warmupMs);
    conversationsPerSecond = warmup.count / (warmup.wallMs / 1000);
    return { type: 'ready', label: implementation.label, checks };
  } catch (error) {
    const message = error?.message ?? String(error);
    if (NOT_AVAILABLE.test(message))
      return { type: 'skipped', label: implementation?.label, reason: message };
    return { type: 'failed', label: implementation?.label, reason: error?.stack ?? message };
  }
}

async function onCommand(message) {
  switch (message.cmd) {
    case 'batch': {
      const sample = await runFor(handle.runConversation, message.ms);
      conversationsPerSecond = sample.count / (sample.wallMs / 1000);
      return { type: 'batch', sample };
    }
    case 'heap': {
      const lanes = workload.heapLanes;
      // --heap-n: exactly that many. Otherwise as many as fit in `seconds` at the batches' pace, within min–max;
      // the check itself then corrects for the pace it finds with `lanes` side by side.
      if (message.n)
        return { type: 'heap', heap: await heapGrowth(handle.runConversation, { n: message.n, lanes }) };
      const n = Math.round(
        Math.min(message.max, Math.max(message.min, conversationsPerSecond * lanes * message.seconds)),
      );
      const { seconds, min } = message;
      return { type: 'heap', heap: await heapGrowth(handle.runConversation, { n, lanes, seconds, min }) };
    }
    case 'exit':
      await handle?.teardown?.();
      return process.exit(0);
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
}

process.on('message', (message) => {
  onCommand(message).then(
    (reply) => process.send(reply),
    (error) => process.send({ type: 'failed', reason: error?.stack ?? String(error) }),
  );
});
process.on('unhandledRejection', (error) => {
  process.send({ type: 'failed', reason: `unhandled rejection: ${error?.stack ?? error}` });
  process.exit(1);
});

start().then((reply) => process.send(reply));
