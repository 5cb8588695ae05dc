'use strict';
const fs = require('node:fs');

// Measured in a quick run of all rows on a busy 2-core machine: starting a worker (Node, the implementation's
// packages, its setup, the setup checks and their second, probe, setup) takes about 0.65 s before its warm-up; the
// heap check's untimed segment adds at most a fifth of its budget, its 18 full collections and the worker's exit
// about a second.
const WORKER_START_S = 0.65;
const HEAP_OVERHEAD = 1.2;
const HEAP_SETTLE_S = 1;

/** The rows the run will start, per variant: those whose file exists and that are measured on the variant. */
function plannedRows(implementations, variants) {
  return variants.flatMap((variantId) =>
    implementations.filter(
      (impl) => (!impl.variants || impl.variants.includes(variantId)) && fs.existsSync(impl.file),
    ),
  );
}

/**
 * The run's wall time, in seconds, from its options alone: every row's heap check is assumed to take its whole
 * time budget. Fast rows reach their N sooner; a row too slow for 200 conversations in the budget (the MCP row and
 * the slowest peers in quick mode) takes longer, and so does everything on a busy machine. Undefined when --heap-n
 * sets no time bound.
 */
function estimateSeconds(options, implementations) {
  const rows = plannedRows(implementations, options.variants).length;
  if (options.heapN > 0) return undefined;
  const perRow =
    WORKER_START_S +
    options.warmupMs / 1000 +
    (options.repeats * options.batchMs) / 1000 +
    HEAP_OVERHEAD * options.heapSeconds +
    HEAP_SETTLE_S;
  return Math.round(rows * perRow);
}

module.exports = { estimateSeconds, plannedRows };
