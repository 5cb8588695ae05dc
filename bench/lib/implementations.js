'use strict';
const path = require('node:path');

/**
 * The implementations, in table order. Each is one file in impl/ exporting
 *   { label, validatesArguments, setup(workload) → Promise<{ runConversation(): Promise<string>, teardown?() }> }.
 * A missing file, or a setup that throws an error whose message starts with "not available", is listed as skipped.
 * `floor` marks the baselines every other row is divided by.
 */
const IMPLEMENTATIONS = [
  { name: 'floor', floor: true },
  { name: 'floor-ajv', floor: true },
  { name: 'library-method' },
  { name: 'library-function' },
  { name: 'library-telemetry-off' },
  { name: 'library-otel' },
  { name: 'library-provider' },
  { name: 'library-tool-layer' },
  { name: 'ai-sdk' },
  { name: 'langchain' },
].map((impl) => ({ ...impl, file: path.join(__dirname, '..', 'impl', `${impl.name}.js`) }));

const NOT_AVAILABLE = /^not available\b/i;

module.exports = { IMPLEMENTATIONS, NOT_AVAILABLE };
