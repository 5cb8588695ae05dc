'use strict';
const { median, summarize, pairedRatio } = require('./stats');

const COLUMNS = [
  'implementation',
  'conv/s median (min–max)',
  'wall µs/conv',
  'CPU µs/conv',
  'CPU × floor',
  'CPU × floor+ajv',
  'CPU × lean floor',
  'wall × floor+ajv',
  'heap B/conv (N)',
  'alloc B/conv',
  'vs its baseline (CPU)',
];

const integer = (n) => Math.round(n).toLocaleString('en-US');
const significant = (n) => (n >= 100 ? integer(n) : n.toPrecision(3));
const ratio = (n) => (Number.isFinite(n) ? `${significant(n)}×` : '–');

function heapCell(heap) {
  if (!heap) return '–';
  const bytes = heap.bytesPerConversation;
  return `${bytes >= 0 ? '+' : ''}${bytes.toFixed(1)} ±${heap.error.toFixed(1)} (${integer(heap.n)})`;
}

/** Bytes allocated per conversation, garbage included, over the heap check's timed conversations. */
function allocationCell(heap) {
  const bytes = heap?.allocation?.bytesPerConversation;
  return bytes === undefined ? '–' : integer(bytes);
}

/** `1.21× library-method, +4.5 µs/call`: a row's CPU over its baseline's, in the same repeats. */
function baselineCell(row, rows, toolCalls) {
  const baseline = row.baseline && rows.find((r) => r.name === row.baseline && r.samples);
  if (!baseline) return row.baseline ? `(${row.baseline} not measured)` : '';
  const cost = (s) => s.cpuUs / s.count;
  const extra = [];
  for (let i = 0; i < Math.min(row.samples.length, baseline.samples.length); i++) {
    if (row.samples[i] && baseline.samples[i]) extra.push(cost(row.samples[i]) - cost(baseline.samples[i]));
  }
  const perCall = median(extra) / toolCalls;
  return (
    `${ratio(pairedRatio(row.samples, baseline.samples, 'cpu'))} ${row.baseline}, ` +
    `${perCall >= 0 ? '+' : ''}${perCall.toFixed(1)} µs/call`
  );
}

function variantTable(variant) {
  const floor = variant.rows.find((row) => row.name === 'floor' && row.samples);
  const floorAjv = variant.rows.find((row) => row.name === 'floor-ajv' && row.samples);
  const floorLean = variant.rows.find((row) => row.name === 'floor-lean' && row.samples);
  const lines = [
    `| ${COLUMNS.join(' | ')} |`,
    `|---|${COLUMNS.slice(1)
      .map(() => '---:')
      .join('|')}|`,
  ];
  for (const row of variant.rows.filter((r) => r.samples)) {
    const s = summarize(row.samples);
    const rate = s.conversationsPerSecond;
    lines.push(
      `| ${[
        row.name,
        `${integer(rate.median)} (${integer(rate.min)}–${integer(rate.max)})`,
        significant(s.wallUsPerConversation),
        significant(s.cpuUsPerConversation),
        ratio(floor ? pairedRatio(row.samples, floor.samples, 'cpu') : NaN),
        ratio(floorAjv ? pairedRatio(row.samples, floorAjv.samples, 'cpu') : NaN),
        ratio(floorLean ? pairedRatio(row.samples, floorLean.samples, 'cpu') : NaN),
        ratio(floorAjv ? pairedRatio(row.samples, floorAjv.samples, 'wall') : NaN),
        heapCell(row.heap),
        allocationCell(row.heap),
        baselineCell(row, variant.rows, variant.toolCalls),
      ].join(' | ')} |`,
    );
  }
  const notMeasured = variant.rows.filter((r) => !r.samples);
  if (notMeasured.length > 0) lines.push('');
  for (const row of notMeasured) lines.push(`- ${row.status}: **${row.name}** — ${firstLine(row.reason)}`);
  return lines.join('\n');
}

const firstLine = (text) => String(text).split('\n')[0];

function describeRun({
  environment: env,
  options,
  allocationCheck: check,
  estimatedSeconds,
  durationSeconds,
}) {
  const lib = env.library;
  const peers = env.peers;
  const heap =
    options.heapN > 0
      ? `heap check over ${integer(options.heapN)} conversations`
      : `heap check over ${integer(options.heapMax)} conversations or ≈${options.heapSeconds} s of them, ` +
        'whichever comes first (N in each row)';
  const nest12 = Object.entries(lib.nest12 ?? {}).filter(([, v]) => v);
  const took =
    durationSeconds === undefined
      ? ''
      : ` It took ${integer(durationSeconds)} s` +
        (estimatedSeconds === undefined ? '.' : ` (estimated ${integer(estimatedSeconds)} s).`);
  return [
    `Run ${env.date} · ${options.mode} mode: ${options.repeats} interleaved repeats × ${options.batchMs} ms per ` +
      `implementation and variant after ${options.warmupMs} ms of warm-up, ${heap}.${took}`,
    '',
    `Machine: ${env.cpu}, ${env.cores} cores, ${env.memoryGiB} GiB, ${env.os}; load average at start ` +
      `${env.loadAverage.join(' / ')}. Node ${env.node} (V8 ${env.v8}).`,
    '',
    `Library: ${lib.name} ${lib.version} at ${lib.commit ?? 'unknown commit'}` +
      `${lib.uncommittedChanges ? ' with uncommitted changes in lib/' : ''}, dist built ${lib.distBuiltAt ?? 'never'}; ` +
      `${Object.entries(lib.dependencies)
        .filter(([, v]) => v)
        .map(([n, v]) => `${n} ${v}`)
        .join(', ')}. ` +
      (nest12.length > 0
        ? `The *-nest12 rows: ${nest12.map(([n, v]) => `${n} ${v}`).join(', ')} (bench/nest12).`
        : 'The *-nest12 rows: bench/nest12 not installed.'),
    '',
    `Peers: ${Object.entries(peers)
      .map(([n, v]) => `${n} ${v ?? 'not installed'}`)
      .join(', ')}.`,
    ...(check
      ? [
          '',
          `Allocation meter, checked at start: ${integer(check.expectedBytes)} B allocated in known arrays, ` +
            `${integer(check.measuredBytes)} B measured (${check.error >= 0 ? '+' : ''}` +
            `${(check.error * 100).toFixed(2)}%) over ${check.collections} collections (${check.fullCollections} ` +
            `full); a loop allocating nothing: ${check.idleBytesPerIteration.toFixed(4)} B per iteration.`,
        ]
      : []),
  ].join('\n');
}

const LEGEND = `One conversation: a user message → the scripted model asks for tool calls → the tools run with arguments \
validated against their schema → the results go back to the model → it answers with text. Every implementation \
runs in its own process; batches of all implementations interleave round-robin. CPU = user + system time of that \
process per conversation. The × columns are the median over repeats of the ratio to the baseline's batch run next \
to it. Heap = growth of the used heap per conversation over N conversations after warm-up: the slope, ± its standard \
error, of the heap used after a full GC at six points (a growth within about twice the error is noise). \
Alloc = bytes allocated on the heap per conversation over the same N, garbage included: the used heap at the end \
minus at the start plus what each collection freed (v8.GCProfiler).`;

function renderMarkdown(results) {
  const sections = [`# nestjs-tool-calling — benchmarks`, '', describeRun(results), '', LEGEND];
  for (const variant of results.variants) {
    sections.push('', `## ${variant.id} — ${variant.title}`, '', variantTable(variant));
  }
  sections.push(
    '',
    '## Setup checks (passed before measuring, on every variant measured; shown for the first)',
    '',
  );
  const seen = new Set();
  for (const variant of results.variants) {
    for (const row of variant.rows) {
      if (!row.checks || seen.has(row.name)) continue;
      seen.add(row.name);
      sections.push(`- **${row.name}** (${row.label}): ${row.checks.join('; ')}`);
    }
  }
  return `${sections.join('\n')}\n`;
}

module.exports = { renderMarkdown };
