'use strict';
const { createMinimalLoop } = require('./support/minimal-loop');
const { loadLibrary } = require('./support/library');

/**
 * The library's tool layer alone, without ChatClient: the floor's loop where each call goes through a
 * FunctionToolCallback (JSON parse, validation against the JSON Schema, invocation, result conversion) and failures
 * through the default exception processor. The gap between this and floor+ajv is the tool layer's own cost.
 */
module.exports = {
  label: 'library: tool layer only',
  validatesArguments: true,
  async setup(workload) {
    const { FunctionToolCallback, DefaultToolExecutionExceptionProcessor } = loadLibrary('', [
      'FunctionToolCallback',
      'DefaultToolExecutionExceptionProcessor',
    ]);
    const exceptions = new DefaultToolExecutionExceptionProcessor();
    return createMinimalLoop(workload, (tool) => {
      const callback = FunctionToolCallback.from({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.jsonSchema,
        fn: tool.fn,
      });
      return (argumentsJson) => callback.call(argumentsJson).catch((error) => exceptions.process(error));
    });
  },
};
