'use strict';
const { createMinimalLoop } = require('./support/minimal-loop');

/** JSON.parse, a Map lookup, a direct call, JSON.stringify: the least any tool-calling loop must do. No validation. */
module.exports = {
  label: 'floor',
  validatesArguments: false,
  async setup(workload) {
    return createMinimalLoop(workload, (tool) => {
      const { fn } = tool;
      return async (argumentsJson) => JSON.stringify(await fn(JSON.parse(argumentsJson)));
    });
  },
};
