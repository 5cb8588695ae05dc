#!/usr/bin/env node
'use strict';
/**
 * The cost of refusing bad tool arguments, and the size of the error text the model receives, as the number of
 * problems grows: 10,000 and 40,000 wrong-typed array items, and as many unknown keys. The cost of the items must be
 * linear (40,000 at most ~4× 10,000; the check allows 5× for noise, or the floor's own growth: on a busy machine
 * JSON.parse and ajv alone grow faster than linearly on 40,000 errors, garbage collection mostly), and no text may
 * exceed the library's cap. The floor (JSON.parse + ajv alone, the same options) is shown next to each cost.
 *
 *   npm run build && node bench/rejection/run.js [--repeats=N]
 *
 * Sizes interleave within each repeat, so that the machine's load at a moment weighs on both alike.
 */
const fs = require('node:fs');
const path = require('node:path');
const { median } = require('../lib/stats');
const { loadLibrary } = require('../impl/support/library');

const SIZES = [10_000, 40_000];
const MAX_RATIO = 5;
const MAX_TEXT = 4096;
const FLOOR_MARGIN = 1.2;

function parse(argv) {
  const options = { repeats: 15 };
  for (const arg of argv) {
    const [, key, value] = /^--([a-z]+)=(.+)$/.exec(arg) ?? [];
    if (key === 'repeats') options.repeats = Number(value);
    else throw new Error(`unknown argument ${arg}; usage: node bench/rejection/run.js [--repeats=N]`);
  }
  return options;
}

function tools(library) {
  const { FunctionToolCallback } = library;
  return {
    'wrong-typed items': {
      callback: FunctionToolCallback.from({
        name: 'sum',
        inputSchema: {
          type: 'object',
          properties: { values: { type: 'array', items: { type: 'number' } } },
          required: ['values'],
          additionalProperties: false,
        },
        fn: (input) => input.values.length,
      }),
      args: (n) => JSON.stringify({ values: Array.from({ length: n }, (_, i) => `v${i}`) }),
      linear: true,
    },
    'unknown keys': {
      callback: FunctionToolCallback.from({
        name: 'lookup',
        inputSchema: {
          type: 'object',
          properties: { id: { type: 'string' } },
          additionalProperties: false,
        },
        fn: () => 'found',
      }),
      args: (n) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
      // One object with 40,000 keys: V8 and ajv are not linear there themselves (see the floor); text cap only.
      linear: false,
    },
  };
}

/**
 * The floor: JSON.parse and ajv compiled with the library's options, errors collected and nothing else. Huge
 * objects cost V8 and ajv more than linearly on their own (dictionary-mode objects, for-in); the floor shows it.
 */
function floorOf(schema) {
  const Ajv2020 = require(
    require.resolve('ajv/dist/2020', { paths: [path.resolve(__dirname, '../..')] }),
  ).default;
  const validate = new Ajv2020({
    allErrors: true,
    strict: false,
    verbose: true,
    ownProperties: true,
  }).compile(schema);
  return (json) => {
    const started = process.hrtime.bigint();
    validate(JSON.parse(json));
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
}

/** One refusal: its time in ms and the length of the text a model would receive. */
async function refuse(callback, json, InvalidToolInputError) {
  const started = process.hrtime.bigint();
  const error = await callback.call(json).then(
    () => undefined,
    (e) => e,
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!(error instanceof InvalidToolInputError)) throw new Error(`expected a refusal, got ${error}`);
  return { ms, textChars: error.message.length };
}

async function main() {
  if (typeof global.gc !== 'function') {
    const child = require('node:child_process').fork(__filename, process.argv.slice(2), {
      execArgv: ['--expose-gc'],
    });
    child.on('exit', (code) => (process.exitCode = code ?? 2));
    return;
  }
  const options = parse(process.argv.slice(2));
  const library = loadLibrary('', ['FunctionToolCallback', 'InvalidToolInputError']);
  const cases = tools(library);
  const rows = [];
  for (const [label, { callback, args, linear }] of Object.entries(cases)) {
    const floor = floorOf(callback.getToolDefinition().inputSchema);
    const inputs = new Map(SIZES.map((n) => [n, args(n)]));
    const samples = new Map(SIZES.map((n) => [n, []]));
    const floors = new Map(SIZES.map((n) => [n, []]));
    for (let repeat = -1; repeat < options.repeats; repeat++) {
      for (const n of SIZES) {
        // A full collection before each measurement: no refusal pays for the garbage of the one before.
        global.gc();
        const floorMs = floor(inputs.get(n));
        global.gc();
        const sample = await refuse(callback, inputs.get(n), library.InvalidToolInputError);
        // Repeat -1 warms up.
        if (repeat >= 0) {
          samples.get(n).push(sample);
          floors.get(n).push(floorMs);
        }
      }
    }
    const ms = (n) => median(samples.get(n).map((s) => s.ms));
    const floorMs = (n) => median(floors.get(n));
    const ratio = ms(SIZES[1]) / ms(SIZES[0]);
    const floorRatio = floorMs(SIZES[1]) / floorMs(SIZES[0]);
    const textChars = Math.max(...[...samples.values()].flat().map((s) => s.textChars));
    rows.push({
      label,
      sizes: SIZES.map((n) => ({ n, inputKiB: inputs.get(n).length / 1024, ms: ms(n), floorMs: floorMs(n) })),
      ratio,
      floorRatio,
      linear,
      textChars,
      // Linear, or no worse than JSON.parse + ajv themselves on the same input: nothing superlinear of its own.
      passed: (!linear || ratio <= MAX_RATIO || ratio <= floorRatio * FLOOR_MARGIN) && textChars <= MAX_TEXT,
    });
    process.stderr.write(`${label}: done\n`);
  }
  const markdown = render(rows, options);
  process.stdout.write(markdown);
  const out = path.join(__dirname, '..', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'rejection-latest.md'), markdown);
  fs.writeFileSync(path.join(out, 'rejection-latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
  if (rows.some((row) => !row.passed)) process.exitCode = 1;
}

function render(rows, options) {
  const [small, large] = SIZES.map((n) => n.toLocaleString('en-US'));
  const lines = [
    `# Refusing bad tool arguments — ${new Date().toISOString()}, Node ${process.version}, ` +
      `median of ${options.repeats} refusals per cell`,
    '',
    `| problems | ${small}: input KiB | ms (floor) | ${large}: input KiB | ms (floor) | ` +
      `× (linear ≈ 4; check ≤ ${MAX_RATIO} or ≤ ${FLOOR_MARGIN} × floor's) | floor × | longest error text (cap ${MAX_TEXT}) | check |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const [a, b] = row.sizes;
    lines.push(
      `| ${row.label} | ${a.inputKiB.toFixed(0)} | ${a.ms.toFixed(1)} (${a.floorMs.toFixed(1)}) | ` +
        `${b.inputKiB.toFixed(0)} | ${b.ms.toFixed(1)} (${b.floorMs.toFixed(1)}) | ` +
        `${row.ratio.toFixed(2)}${row.linear ? '' : ' (not checked)'} | ${row.floorRatio.toFixed(2)} | ` +
        `${row.textChars.toLocaleString('en-US')} | ${row.passed ? 'pass' : '**FAIL**'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exitCode = 2;
});
