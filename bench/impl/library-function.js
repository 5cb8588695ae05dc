'use strict';
const { functionToolCallbacks, functionToolChat } = require('./support/function-tools');

/**
 * The library without Nest: FunctionToolCallbacks given to `ChatClient.create()` as default callbacks; a
 * conversation is `chat.prompt(user).call().content()`.
 */
module.exports = {
  label: 'library: FunctionToolCallbacks',
  validatesArguments: true,
  async setup(workload) {
    return functionToolChat(workload, functionToolCallbacks(workload));
  },
};
