'use strict';
const { loadLibrary } = require('./support/library');
const { functionToolChat } = require('./support/function-tools');

/**
 * `library-function` with each tool's input given as a zod schema (a Standard Schema) instead of its JSON Schema:
 * beside `library-function`, what declaring a tool with zod costs per call (zod's validation instead of ajv's).
 */
module.exports = {
  label: 'library: FunctionToolCallbacks with zod inputs',
  validatesArguments: true,
  async setup(workload) {
    const { FunctionToolCallback } = loadLibrary('', ['FunctionToolCallback']);
    const toolCallbacks = workload.tools.map((tool) =>
      FunctionToolCallback.from({
        name: tool.name,
        description: tool.description,
        input: tool.zodSchema(),
        fn: tool.fn,
      }),
    );
    return functionToolChat(workload, toolCallbacks);
  },
};
