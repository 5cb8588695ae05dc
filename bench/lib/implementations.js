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

const IMPLEMENTATIONS = [
  { name: 'floor', floor: true },
  { name: 'floor-ajv', floor: true },
  { name: 'library-method' },
  { name: 'library-stream', variants: ['A', 'D'], baseline: 'library-method' },
  // Nest's enhancer pipeline beside the plain @Tool row (issue 12).
  { name: 'library-method-guard', baseline: 'library-method' },
  { name: 'library-method-guard-interceptor', baseline: 'library-method' },
  { name: 'library-function' },
  // Telemetry beside the function-callback row it wraps: the check with no SDK, and an SDK with no-op exporters.
  { name: 'library-telemetry-off', baseline: 'library-function' },
  { name: 'library-otel', baseline: 'library-function' },
  { name: 'library-provider' },
  { name: 'library-mcp' },
  { name: 'library-tool-layer' },
  // The new paths of issue 17, one row each beside A once its issue lands.
  { name: 'library-guard', ...BESIDE_A },
  { name: 'library-guard-interceptor', ...BESIDE_A },
  { name: 'library-memory', ...BESIDE_A },
  { name: 'library-approval', ...BESIDE_A },
  { name: 'library-mcp', ...BESIDE_A },
  { name: 'ai-sdk' },
  { name: 'langchain' },
  { name: 'openai-agents' },
].map((impl) => ({ ...impl, file: path.join(__dirname, '..', 'impl', `${impl.name}.js`) }));

const NOT_AVAILABLE = /^not available\b/i;

module.exports = { IMPLEMENTATIONS, NOT_AVAILABLE };
