'use strict';

function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const perSecond = (s) => s.count / (s.wallMs / 1000);
const wallUs = (s) => (s.wallMs * 1000) / s.count;
const cpuUs = (s) => s.cpuUs / s.count;

/** @param {{ count: number, wallMs: number, cpuUs: number }[]} samples one per repeat */
function summarize(samples) {
  const rates = samples.map(perSecond);
  return {
    conversationsPerSecond: { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) },
    wallUsPerConversation: median(samples.map(wallUs)),
    cpuUsPerConversation: median(samples.map(cpuUs)),
  };
}

/**
 * The median over repeats of (this repeat's cost / the baseline's cost in the same repeat): the two batches ran
 * next to each other in time, so the machine's load at that moment cancels out.
 */
function pairedRatio(samples, baselineSamples, metric) {
  const measure = metric === 'wall' ? wallUs : cpuUs;
  const ratios = [];
  for (let i = 0; i < Math.min(samples.length, baselineSamples.length); i++) {
    if (samples[i] && baselineSamples[i]) ratios.push(measure(samples[i]) / measure(baselineSamples[i]));
  }
  return median(ratios);
}

module.exports = { median, summarize, pairedRatio };
