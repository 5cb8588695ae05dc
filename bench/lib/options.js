'use strict';
const { MEASURED_VARIANTS } = require('../workload/variants');
const { IMPLEMENTATIONS } = require('./implementations');

/**
 * quick (the default) keeps `npm run bench` around 3 minutes on 2 cores; --full is for the numbers that go into
 * docs/BENCHMARKS.md: every row on all its variants, longer batches, and a heap check of 100,000 conversations or
 * 12 s per row, whichever comes first (the slowest peers would take most of an hour for 100,000 on C), so that it
 * ends within 30 minutes.
 */
const PROFILES = {
  quick: {
    repeats: 5,
    batchMs: 250,
    warmupMs: 500,
    heapSeconds: 1,
    heapMin: 200,
    heapMax: 100_000,
    heapN: 0,
  },
  full: {
    repeats: 9,
    batchMs: 1000,
    warmupMs: 3000,
    heapSeconds: 12,
    heapMin: 200,
    heapMax: 100_000,
    heapN: 0,
  },
};

const USAGE = `usage: node bench/run.js [--full] [--estimate] [--variants=A,B,C,D] [--impls=floor,floor-ajv,...]
                         [--repeats=N] [--batch-ms=N] [--warmup-ms=N] [--heap-seconds=N] [--heap-n=N]
                         [--out=DIR] [--suites=http,state|none]
  --estimate        print the rows and the estimated duration, and measure nothing
  --heap-seconds=N  bound each heap check to about N s of conversations (quick 1, full 12)
  --heap-n=N        run exactly N conversations in each heap check instead, however long it takes
  --suites=LIST     the suites run after the rows (default: http,state; none when --variants or --impls is given):
                    http (bench/http: the whole HTTP path), state (bench/state: state at scale, UI stream, search)`;

function parseOptions(argv) {
  const flags = new Map();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg}\n${USAGE}`);
    flags.set(match[1], match[2] ?? 'true');
  }
  const mode = flags.has('full') ? 'full' : 'quick';
  const options = { mode, ...PROFILES[mode] };
  const numbers = {
    repeats: 'repeats',
    'batch-ms': 'batchMs',
    'warmup-ms': 'warmupMs',
    'heap-seconds': 'heapSeconds',
    'heap-n': 'heapN',
  };
  for (const [flag, key] of Object.entries(numbers)) {
    if (!flags.has(flag)) continue;
    const value = Number(flags.get(flag));
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${flag} must be a positive integer\n${USAGE}`);
    options[key] = value;
  }
  options.variants = list(flags.get('variants'), MEASURED_VARIANTS, 'variant');
  options.impls = list(
    flags.get('impls'),
    IMPLEMENTATIONS.map((impl) => impl.name),
    'implementation',
  );
  options.implsNamed = flags.has('impls');
  options.out = flags.get('out');
  options.estimateOnly = flags.has('estimate');
  const narrowed = flags.has('variants') || flags.has('impls');
  const suites = flags.get('suites') ?? (narrowed ? 'none' : SUITES.join(','));
  options.suites = suites === 'none' ? [] : list(suites, SUITES, 'suite');
  for (const flag of flags.keys()) {
    if (!['full', 'estimate', 'variants', 'impls', 'out', 'suites', ...Object.keys(numbers)].includes(flag)) {
      throw new Error(`unknown option --${flag}\n${USAGE}`);
    }
  }
  return options;
}

/** The suites after the rows, each its own script with its own report section (SUITE_SECONDS: their estimate). */
const SUITES = ['http', 'state'];
const SUITE_SECONDS = { quick: { http: 50, state: 40 }, full: { http: 190, state: 40 } };

function list(value, known, what) {
  if (value === undefined) return known;
  const picked = value.split(',').filter(Boolean);
  const unknown = picked.filter((item) => !known.includes(item));
  if (unknown.length > 0)
    throw new Error(`unknown ${what} ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return picked;
}

module.exports = { parseOptions, USAGE, SUITES, SUITE_SECONDS };
