'use strict';
const { performance } = require('node:perf_hooks');

const turnLoop = () => new Promise(setImmediate);

/**
 * A scripted model does no I/O, so a loop of conversations would never let the event loop turn; a real model call
 * does. Yielding once per millisecond of work lets timers, deferred cleanup and GC finalizers run, as they would in
 * production, without adding a turn (or even an await) to every fast conversation.
 */
function createPacer() {
  let lastTurn = performance.now();
  return function turnDue() {
    const now = performance.now();
    if (now - lastTurn < 1) return false;
    lastTurn = now;
    return true;
  };
}

/** Runs conversations one after another for at least `ms` milliseconds and `minCount` conversations. */
async function runFor(runConversation, ms, minCount = 3) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let lastTurn = start;
  let count = 0;
  let elapsed;
  do {
    await runConversation();
    count++;
    let now = performance.now();
    if (now - lastTurn >= 1) {
      await turnLoop();
      now = lastTurn = performance.now();
    }
    elapsed = now - start;
  } while (elapsed < ms || count < minCount);
  const cpu = process.cpuUsage(cpuStart);
  return { count, wallMs: elapsed, cpuUs: cpu.user + cpu.system };
}

async function settleHeap() {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    await turnLoop();
    global.gc();
  }
  return process.memoryUsage().heapUsed;
}

/**
 * Heap growth per conversation over `n` conversations after warm-up (and one untimed segment of n/5): the used
 * heap is read after a full GC at CHECKPOINTS evenly spaced points and the slope fitted by least squares, so that
 * one-off allocations (a cache filled late, code compiled late) weigh less than in a before/after difference.
 * `error` is the slope's standard error: a growth within about twice it is noise. `lanes` conversations run side
 * by side (variant B, whose tools mostly wait on timers).
 */
const CHECKPOINTS = 6;

async function heapGrowth(runConversation, n, lanes) {
  if (typeof global.gc !== 'function') throw new Error('the heap check needs node --expose-gc');
  const turnDue = createPacer();
  const segment = Math.max(1, Math.round(n / (CHECKPOINTS - 1)));
  const runSegment = async () => {
    let left = segment;
    const lane = async () => {
      while (left > 0) {
        left--;
        await runConversation();
        if (turnDue()) await turnLoop();
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, segment) }, lane));
  };
  // One untimed segment first: running `lanes` conversations side by side allocates pools of its own, once.
  await runSegment();
  const points = [{ conversations: 0, heapUsed: await settleHeap() }];
  let wallMs = 0;
  for (let checkpoint = 1; checkpoint < CHECKPOINTS; checkpoint++) {
    const start = performance.now();
    await runSegment();
    wallMs += performance.now() - start;
    points.push({ conversations: checkpoint * segment, heapUsed: await settleHeap() });
  }
  return { n: (CHECKPOINTS - 1) * segment, lanes, wallMs, points, ...fitSlope(points) };
}

function fitSlope(points) {
  const k = points.length;
  const meanX = points.reduce((sum, p) => sum + p.conversations, 0) / k;
  const meanY = points.reduce((sum, p) => sum + p.heapUsed, 0) / k;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.conversations - meanX) ** 2;
    sxy += (p.conversations - meanX) * (p.heapUsed - meanY);
  }
  const slope = sxy / sxx;
  let residuals = 0;
  for (const p of points) residuals += (p.heapUsed - meanY - slope * (p.conversations - meanX)) ** 2;
  return { bytesPerConversation: slope, error: Math.sqrt(residuals / (k - 2) / sxx) };
}

module.exports = { runFor, heapGrowth };
