'use strict';
const { loadLibrary } = require('./library');

/** One FunctionToolCallback per workload tool: its JSON Schema, the workload's function as the body. */
function functionToolCallbacks(workload) {
  const { FunctionToolCallback } = loadLibrary('', ['FunctionToolCallback']);
  return workload.tools.map((tool) =>
    FunctionToolCallback.from({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.jsonSchema,
      fn: tool.fn,
    }),
  );
}

module.exports = { functionToolCallbacks };
