'use strict';
const path = require('node:path');

/**
 * The implementations, in table order. Each is one file in impl/ exporting
 *   { label, validatesArguments, setup(workload) → Promise<{ runConversation(): Promise<string>, teardown?() }> }.
 * A missing file, or a setup that throws an error whose message starts with "not available", is listed as skipped.
 * `floor` marks the baselines every other row is divided by.
 *
 * A row for one more path of the library (a guard, telemetry…) sits beside the plain one: `variants` limits it to
 * the variants it is measured on, and `baseline` names the row it is compared with, in the same run (the report
 * gives its cost over that row per tool call, in µs and as a ratio). Its file is written with the feature; until
 * then the row is listed as not written yet.
 */
const BESIDE_A = { variants: ['A'], baseline: 'library-method' };
// The same app on NestJS 12 (bench/nest12/, see impl/support/nest12.js): the plain row against Nest 11's, the
// enhancer rows against the plain Nest 12 one.
const BESIDE_A_NEST12 = { variants: ['A'], baseline: 'library-method-nest12' };

const IMPLEMENTATIONS = [
  { name: 'floor', floor: true },
  { name: 'floor-ajv', floor: true },
  // Issue 30's lean floor: no promise per synchronous tool call, ajv's first error only.
  { name: 'floor-lean', floor: true },
  // floor+ajv streamed by hand: the yardstick for library-stream beside library-method.
  { name: 'floor-stream', variants: ['A', 'D'], baseline: 'floor-ajv' },
  { name: 'library-method' },
  { name: 'library-stream', variants: ['A', 'D'], baseline: 'library-method' },
  // Nest's enhancer pipeline beside the plain @Tool row (issues 12 and 17), on Nest 11 here and on 12 below.
  { name: 'library-method-guard', baseline: 'library-method' },
  { name: 'library-method-guard-interceptor', baseline: 'library-method' },
  { name: 'library-method-nest12', ...BESIDE_A },
  { name: 'library-method-guard-nest12', ...BESIDE_A_NEST12 },
  { name: 'library-method-guard-interceptor-nest12', ...BESIDE_A_NEST12 },
  { name: 'library-function' },
  // The same tools declared with zod (a Standard Schema) instead of JSON Schema (issue 30: within 10%).
  { name: 'library-function-zod', baseline: 'library-function' },
  // Telemetry beside the function-callback row it wraps: the check with no SDK, and an SDK with no-op exporters.
  { name: 'library-telemetry-off', baseline: 'library-function' },
  { name: 'library-prepare-round', baseline: 'library-function' },
  { name: 'library-otel', baseline: 'library-function' },
  { name: 'library-provider' },
  { name: 'library-mcp' },
  { name: 'library-tool-layer' },
  // Chat memory and approvals (issue 14), built on the function-callback row, beside it on A.
  { name: 'library-memory', variants: ['A'], baseline: 'library-function' },
  { name: 'library-approval', variants: ['A'], baseline: 'library-function' },
  // A tool call retried once after a transient failure (issue 26), beside the plain function-callback row.
  { name: 'library-retry', variants: ['A'], baseline: 'library-function' },
  { name: 'ai-sdk' },
  { name: 'langchain' },
  { name: 'openai-agents' },
].map((impl) => ({ ...impl, file: path.join(__dirname, '..', 'impl', `${impl.name}.js`) }));

const NOT_AVAILABLE = /^not available\b/i;

/**
 * The rows a run measures, each with the variants it is measured on. Quick mode, unless --impls names the rows,
 * measures the rows beside a baseline on A only (their cost per call shows there; --full measures them on all
 * their variants), which keeps `npm run bench` near 3 minutes.
 */
function selectImplementations(options) {
  return IMPLEMENTATIONS.filter((impl) => options.impls.includes(impl.name)).map((impl) =>
    options.mode === 'quick' && !options.implsNamed && impl.baseline
      ? { ...impl, variants: (impl.variants ?? ['A']).filter((variant) => variant === 'A') }
      : impl,
  );
}

module.exports = { IMPLEMENTATIONS, NOT_AVAILABLE, selectImplementations };
