'use strict';
const { performance } = require('node:perf_hooks');
const { startAllocationMeter } = require('./allocation');

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
 * Heap growth per conversation over about `n` conversations after warm-up (and one untimed segment of n/5): the
 * used heap is read after a full GC at CHECKPOINTS evenly spaced points and the slope fitted by least squares, so
 * that one-off allocations (a cache filled late, code compiled late) weigh less than in a before/after difference.
 * `error` is the slope's standard error: a growth within about twice it is noise. `lanes` conversations run side
 * by side (variant B, whose tools mostly wait on timers).
 *
 * With `seconds`, the timed segments are shrunk, from the pace so far, to take about that long in all: `n` is then a
 * ceiling (the N reached is returned), `min` a floor, and the checkpoints are no longer evenly spaced if the pace
 * changes (the fit does not need them to be). Over the same timed segments, the bytes
 * allocated per conversation (garbage included; see allocation.js).
 */
const CHECKPOINTS = 6;

async function heapGrowth(runConversation, { n, lanes, seconds = 0, min = 0 }) {
  if (typeof global.gc !== 'function') throw new Error('the heap check needs node --expose-gc');
  const turnDue = createPacer();
  const segments = CHECKPOINTS - 1;
  let segment = Math.max(1, Math.round(n / segments));
  const minSegment = Math.max(1, Math.ceil(min / segments));
  // `segment` conversations on `lanes` lanes; with a deadline, no new one starts after it once `atLeast` have.
  const runSegment = async (deadline = Infinity, atLeast = 0) => {
    let left = segment;
    let started = 0;
    const more = () => left > 0 && (started < atLeast || performance.now() < deadline);
    const lane = async () => {
      while (more()) {
        left--;
        started++;
        await runConversation();
        if (turnDue()) await turnLoop();
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, segment) }, lane));
    return started;
  };
  // Within the time budget, a segment is no longer than the pace so far allows for the segments left.
  const fitSegment = (conversations, ms, segmentsLeft) => {
    if (seconds <= 0) return;
    const fitting = Math.floor(
      ((conversations / Math.max(1, ms)) * (seconds * 1000 - wallMs)) / segmentsLeft,
    );
    segment = Math.max(minSegment, Math.min(segment, fitting));
  };
  let wallMs = 0;
  // One untimed segment first: running `lanes` conversations side by side allocates pools of its own, once. Its
  // size comes from the batches' pace, one at a time; with lanes the pace may be lower (B's CPU-bound peers): a
  // fifth of the budget bounds it.
  const untimedStart = performance.now();
  const untimed = await runSegment(
    seconds > 0 ? untimedStart + (seconds * 1000) / segments : Infinity,
    Math.min(segment, Math.max(minSegment, lanes)),
  );
  fitSegment(untimed, performance.now() - untimedStart, segments);
  const points = [{ conversations: 0, heapUsed: await settleHeap() }];
  let conversations = 0;
  let allocatedBytes = 0;
  let collections = 0;
  for (let checkpoint = 1; checkpoint < CHECKPOINTS; checkpoint++) {
    const stopMeter = startAllocationMeter();
    const start = performance.now();
    await runSegment();
    wallMs += performance.now() - start;
    const allocated = stopMeter();
    conversations += segment;
    allocatedBytes += allocated.bytes;
    collections += allocated.collections;
    points.push({ conversations, heapUsed: await settleHeap() });
    if (checkpoint < segments) fitSegment(conversations, wallMs, segments - checkpoint);
  }
  return {
    n: conversations,
    lanes,
    wallMs,
    points,
    ...fitSlope(points),
    allocation: { bytesPerConversation: allocatedBytes / conversations, bytes: allocatedBytes, collections },
  };
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
