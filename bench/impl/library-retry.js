'use strict';
const { loadLibrary } = require('./support/library');
const { functionToolChat } = require('./support/function-tools');

/**
 * library-function where every tool declares retries and every call is retried once: the first attempt throws a
 * TransientToolError, the second (after a 0 ms back-off) succeeds. What a retried call costs: the failed attempt,
 * its error result, the back-off timer and the second attempt.
 */
module.exports = {
  label: 'library: FunctionToolCallbacks, each call retried once',
  validatesArguments: true,
  async setup(workload) {
    const { FunctionToolCallback, TransientToolError } = loadLibrary('', [
      'FunctionToolCallback',
      'TransientToolError',
    ]);
    const toolCallbacks = workload.tools.map((tool) => {
      // Attempts alternate: the first of each call fails, its retry succeeds.
      let failNext = true;
      return FunctionToolCallback.from({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.jsonSchema,
        retry: { maxAttempts: 2, backoffMs: 0 },
        fn: (input) => {
          failNext = !failNext;
          if (!failNext) throw new TransientToolError('busy');
          return tool.fn(input);
        },
      });
    });
    return functionToolChat(workload, toolCallbacks);
  },
};
