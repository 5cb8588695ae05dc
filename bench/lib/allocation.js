'use strict';
const v8 = require('node:v8');
const vm = require('node:vm');

/**
 * Bytes allocated on the V8 heap over a window: what is in use at its end, minus what was in use at its start,
 * plus what every garbage collection in between freed (its used heap before minus after, from v8.GCProfiler).
 * Unlike the heap check's slope, this counts garbage too: the work a conversation gives the collector.
 */
function startAllocationMeter() {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const usedAtStart = v8.getHeapStatistics().used_heap_size;
  return function stop() {
    const usedAtEnd = v8.getHeapStatistics().used_heap_size;
    const { statistics } = profiler.stop();
    let freed = 0;
    let full = 0;
    for (const gc of statistics) {
      freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      if (gc.gcType === 'MarkSweepCompact') full++;
    }
    return { bytes: usedAtEnd - usedAtStart + freed, collections: statistics.length, full };
  };
}

// A JSArray (map, properties, elements, length) and its FixedArray (map, length, one slot per element): 8-byte
// slots, as in Node's builds, which do not compress pointers.
const ELEMENTS = 1000;
const ARRAY_BYTES = 4 * 8 + 2 * 8 + ELEMENTS * 8;
const ARRAYS = 20_000;
const TOLERANCE = 0.02;

/**
 * The meter against a known allocation: ARRAYS arrays of ELEMENTS holes (160 MB), a tenth of them kept a while so
 * that scavenges promote and full collections run, then a loop that allocates nothing. Throws when the first is
 * off by more than TOLERANCE or the second measures a byte per iteration; returns the figures for the report.
 */
function checkAllocationMeter() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const allocateArrays = () => {
    const kept = [];
    for (let i = 0; i < ARRAYS; i++) {
      const array = new Array(ELEMENTS);
      if (i % 10 === 0) kept.push(array);
      if (kept.length === 500) kept.length = 0;
      if (i % 5000 === 4999) gc();
    }
  };
  allocateArrays(); // compiled and warm before it is measured
  const stop = startAllocationMeter();
  allocateArrays();
  const measured = stop();
  // The `kept` list's own growth, 500 slots at most, is within the tolerance.
  const expectedBytes = ARRAYS * ARRAY_BYTES;
  const error = measured.bytes / expectedBytes - 1;

  const iterations = 10_000_000;
  const sum = () => {
    let total = 0;
    for (let i = 0; i < iterations; i++) total += i & 7;
    return total;
  };
  sum();
  const stopIdle = startAllocationMeter();
  sum();
  const idle = stopIdle();

  const result = {
    expectedBytes,
    measuredBytes: measured.bytes,
    error,
    collections: measured.collections,
    fullCollections: measured.full,
    idleBytesPerIteration: idle.bytes / iterations,
  };
  if (Math.abs(error) > TOLERANCE) {
    throw new Error(`allocation meter: ${expectedBytes} B allocated, ${measured.bytes} B measured`);
  }
  if (measured.full === 0) throw new Error('allocation meter: the check ran no full collection');
  if (result.idleBytesPerIteration >= 1) {
    throw new Error(`allocation meter: a loop allocating nothing measured ${idle.bytes} B`);
  }
  return result;
}

module.exports = { startAllocationMeter, checkAllocationMeter };

if (require.main === module) console.log(checkAllocationMeter());
