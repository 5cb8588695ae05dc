#!/usr/bin/env node
'use strict';
/**
 * Benchmarks nestjs-tool-calling against a hand-written floor and its peers. Progress goes to stderr; the Markdown
 * report to stdout and, with the raw samples as JSON, to bench/results/. Exit code 1 when an implementation failed
 * its setup check or crashed. See bench/README.md.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { parseOptions, SUITE_SECONDS } = require('./lib/options');
const { selectImplementations } = require('./lib/implementations');
const { WorkerProcess } = require('./lib/worker-process');
const { describeEnvironment } = require('./lib/environment');
const { renderMarkdown } = require('./lib/report');
const { checkAllocationMeter } = require('./lib/allocation');
const { estimateSeconds, plannedRows } = require('./lib/estimate');
const { VARIANTS } = require('./workload/variants');

const log = (line) => process.stderr.write(`${line}\n`);

async function benchmarkVariant(variantId, implementations, options) {
  const rows = [];
  const workers = [];
  for (const implementation of implementations) {
    if (implementation.variants && !implementation.variants.includes(variantId)) continue;
    const row = { name: implementation.name, baseline: implementation.baseline };
    rows.push(row);
    if (!fs.existsSync(implementation.file)) {
      Object.assign(row, {
        status: 'skipped',
        reason: `${path.relative(process.cwd(), implementation.file)} not written yet`,
      });
      continue;
    }
    // One worker starts at a time, so that no warm-up competes with another for the two cores.
    const starting = Date.now();
    const worker = new WorkerProcess(implementation, variantId, options);
    const reply = await worker.started();
    row.startSeconds = (Date.now() - starting) / 1000;
    row.label = reply.label;
    if (reply.type === 'ready') {
      Object.assign(row, { status: 'measured', checks: reply.checks, samples: [] });
      workers.push({ worker, row });
    } else {
      Object.assign(row, { status: reply.type, reason: reply.reason });
      log(`  ${variantId} ${implementation.name}: ${reply.type} — ${reply.reason}`);
      await worker.stop();
    }
  }

  for (let repeat = 0; repeat < options.repeats; repeat++) {
    // Rotate the order so that no implementation always runs right after the same neighbour.
    const order = workers.map((_, i) => workers[(i + repeat) % workers.length]);
    for (const { worker, row } of order) {
      if (row.status !== 'measured') continue;
      const reply = await worker.request({ cmd: 'batch', ms: options.batchMs });
      if (reply.type === 'batch') row.samples[repeat] = reply.sample;
      else fail(row, reply.reason);
    }
    log(`  ${variantId} repeat ${repeat + 1}/${options.repeats} done`);
  }

  for (const { worker, row } of workers) {
    if (row.status === 'measured') {
      const reply = await worker.request({
        cmd: 'heap',
        n: options.heapN,
        seconds: options.heapSeconds,
        min: options.heapMin,
        max: options.heapMax,
      });
      if (reply.type === 'heap') {
        row.heap = reply.heap;
        log(
          `  ${variantId} ${row.name}: heap check of ${reply.heap.n} conversations in ${(reply.heap.wallMs / 1000).toFixed(1)} s`,
        );
      } else fail(row, reply.reason);
    }
    await worker.stop();
  }
  log(`  ${variantId} heap checks done`);
  return rows;
}

const SUITE_SCRIPTS = { http: 'http/run.js', state: 'state/run.js' };

/** A suite after the rows: its own script, its Markdown section (stdout) appended to the report. */
function runSuite(name, options) {
  const args = [path.join(__dirname, SUITE_SCRIPTS[name])];
  if (options.mode === 'full' && name === 'http') args.push('--full');
  if (options.out && name === 'http') args.push(`--out=${options.out}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let markdown = '';
    child.stdout.on('data', (data) => (markdown += data));
    child.on('exit', (code) =>
      resolve({
        name,
        ok: code === 0,
        markdown: code === 0 ? markdown : `${markdown}\n${name}: failed (exit ${code})\n`,
      }),
    );
  });
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

function fail(row, reason) {
  Object.assign(row, { status: 'failed', reason, samples: undefined });
  log(`  ${row.name}: failed — ${reason}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const implementations = selectImplementations(options);
  const rowSeconds = estimateSeconds(options, implementations);
  const estimatedSeconds =
    rowSeconds === undefined
      ? undefined
      : rowSeconds + options.suites.reduce((sum, suite) => sum + SUITE_SECONDS[options.mode][suite], 0);
  if (options.estimateOnly) {
    for (const variantId of options.variants) {
      log(
        `${variantId}: ${plannedRows(implementations, [variantId])
          .map((impl) => impl.name)
          .join(', ')}`,
      );
    }
  }
  log(
    estimatedSeconds === undefined
      ? `${options.mode} mode: no time estimate (--heap-n runs its N whatever it takes)`
      : `${options.mode} mode: estimated ${minutes(estimatedSeconds)} on an otherwise idle machine (every heap ` +
          `check taking its full ${options.heapSeconds} s: fast rows reach their N sooner, a row too slow for ` +
          `200 conversations in it takes longer)`,
  );
  if (options.estimateOnly) return;
  // The alloc column is only as good as its meter: measured against a known allocation first.
  const allocationCheck = checkAllocationMeter();
  log(
    `allocation meter: ${allocationCheck.measuredBytes} B measured for ${allocationCheck.expectedBytes} B ` +
      `allocated (${(allocationCheck.error * 100).toFixed(2)}%)`,
  );
  const results = {
    environment: describeEnvironment(),
    options,
    estimatedSeconds,
    allocationCheck,
    variants: [],
  };
  const started = Date.now();
  for (const variantId of options.variants) {
    log(`variant ${variantId}: ${VARIANTS[variantId].title}`);
    const variantStarted = Date.now();
    const rows = await benchmarkVariant(variantId, implementations, options);
    const toolCalls = VARIANTS[variantId].rounds.flat().length;
    const durationSeconds = Math.round((Date.now() - variantStarted) / 1000);
    results.variants.push({
      id: variantId,
      title: VARIANTS[variantId].title,
      toolCalls,
      durationSeconds,
      rows,
    });
    log(`  ${variantId} done in ${durationSeconds} s`);
  }
  const suites = [];
  for (const suite of options.suites) {
    log(`suite ${suite}`);
    suites.push(await runSuite(suite, options));
  }
  results.suites = suites.map(({ name, ok }) => ({ name, ok }));
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  log(`finished in ${minutes(results.durationSeconds)}`);

  const markdown = [renderMarkdown(results), ...suites.map((suite) => suite.markdown)].join('\n');
  process.stdout.write(markdown);
  const out = path.resolve(options.out ?? path.join(__dirname, 'results'));
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.md'), markdown);
  fs.writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`written to ${path.relative(process.cwd(), out)}/latest.md and latest.json`);

  const failed = results.variants.flatMap((v) =>
    v.rows.filter((r) => r.status === 'failed').map((r) => `${v.id}/${r.name}`),
  );
  failed.push(...suites.filter((suite) => !suite.ok).map((suite) => `suite ${suite.name}`));
  if (failed.length > 0) {
    log(`failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
  // The MCP servers side by side (bench/mcp/README.md): their own processes and report; not in a run of named rows.
  if (!options.implsNamed) {
    const mcp = await require('./mcp/run').runMcpComparison([
      `--${options.mode}`,
      ...(options.out ? [`--out=${options.out}`] : []),
    ]);
    if (mcp.failed) process.exitCode = 1;
  }
}

main().catch((error) => {
  log(error?.stack ?? String(error));
  process.exitCode = 2;
});
