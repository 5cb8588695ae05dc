#!/usr/bin/env node
'use strict';
/**
 * Two builds of the library side by side in one process, for a change too small for run.js on a noisy machine
 * (on the 2-core machine of issue 17 the same build varied up to ±20% from one process to the next, while batches
 * alternating in one process agree within a few percent). Both builds are loaded, each with its own copy of the
 * bench's modules; batches of conversations then alternate between them, and the ratio B/A is the median of the
 * paired batch ratios. The build loaded second shares code that has already run for the first (Nest, ajv), which
 * biases it by a few percent: so this runs twice, in fresh processes and both load orders, and the answer is the
 * geometric mean of the two ratios.
 *
 *   node bench/ab.js --impl=library-method --variant=A <dist A> <dist B> [--batch=5000] [--batches=40]
 *
 * A dist is a built `dist/` folder (a copy of another build's; it must resolve the repository's node_modules, e.g.
 * through a `node_modules` link beside it). Rows that run Nest 12 (the *-nest12 ones) are not supported.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const BENCH = __dirname;

function parse(argv) {
  const options = { batch: 5000, batches: 40, dists: [] };
  for (const arg of argv) {
    const [, key, value] = /^--([a-z]+)(?:=(.*))?$/.exec(arg) ?? [];
    if (key === undefined) options.dists.push(path.resolve(arg));
    else if (key === 'batch' || key === 'batches') options[key] = Number(value);
    else options[key] = value ?? true;
  }
  if (!options.impl || !options.variant || options.dists.length !== 2) {
    throw new Error(
      'usage: node bench/ab.js --impl=<row> --variant=<A|B|C|D> <dist A> <dist B> [--batch=N] [--batches=N]',
    );
  }
  if (
    !Number.isInteger(options.batch) ||
    options.batch < 1 ||
    !Number.isInteger(options.batches) ||
    options.batches < 2
  )
    throw new Error('--batch and --batches take whole numbers (at least 1 and 2)');
  return options;
}

/** In a child: load both builds in the given order, alternate batches, print the median of the ratios second/first. */
async function child(options) {
  const handles = [];
  for (const dist of options.dists) {
    for (const key of Object.keys(require.cache))
      if (key.startsWith(BENCH + path.sep)) delete require.cache[key];
    process.env.BENCH_LIBRARY_DIST = dist;
    const { createWorkload } = require('./workload/variants');
    const implementation = require(path.join(BENCH, 'impl', `${options.impl}.js`));
    const handle = await implementation.setup(createWorkload(options.variant));
    for (let i = 0; i < options.batch; i++) await handle.runConversation();
    handles.push({ handle, cpu: [] });
  }
  for (let b = 0; b < options.batches; b++) {
    for (const entry of b % 2 === 0 ? handles : [...handles].reverse()) {
      await new Promise((resolve) => setImmediate(resolve));
      const start = process.cpuUsage();
      for (let i = 0; i < options.batch; i++) await entry.handle.runConversation();
      const used = process.cpuUsage(start);
      entry.cpu.push((used.user + used.system) / options.batch);
    }
  }
  for (const { handle } of handles) await handle.teardown?.();
  const [first, second] = handles;
  const ratios = second.cpu.map((cpu, i) => cpu / first.cpu[i]).sort((x, y) => x - y);
  process.stdout.write(
    JSON.stringify({
      ratio: ratios[ratios.length >> 1],
      firstMicros: median(first.cpu),
      secondMicros: median(second.cpu),
    }),
  );
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

function runChild(options, dists) {
  const args = [
    __filename,
    '--child',
    `--impl=${options.impl}`,
    `--variant=${options.variant}`,
    `--batch=${options.batch}`,
    `--batches=${options.batches}`,
    ...dists,
  ];
  return JSON.parse(
    execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
}

function main() {
  const options = parse(process.argv.slice(2));
  if (options.child) return child(options);
  const [a, b] = options.dists;
  const ab = runChild(options, [a, b]);
  const ba = runChild(options, [b, a]);
  const ratio = Math.sqrt(ab.ratio / ba.ratio);
  const us = (value) => `${value.toFixed(2)} µs`;
  process.stdout.write(
    `${options.impl} ${options.variant}: B/A ${ratio.toFixed(3)} (A loaded first ${ab.ratio.toFixed(3)}, ` +
      `B loaded first ${(1 / ba.ratio).toFixed(3)}); CPU per conversation A ${us(ab.firstMicros)} / ` +
      `${us(ba.secondMicros)}, B ${us(ab.secondMicros)} / ${us(ba.firstMicros)}\n`,
  );
  return undefined;
}

Promise.resolve()
  .then(main)
  .catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  });
