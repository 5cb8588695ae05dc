'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/**
 * library-function with the same callbacks behind a lazy ToolCallbackProvider (as a database table of tools or an
 * MCP client would be): the client asks it on every call and it answers asynchronously. The gap to
 * library-function is the cost of lazy provider resolution per call.
 */
module.exports = {
  label: 'library: lazy ToolCallbackProvider',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient']);
    const callbacks = functionToolCallbacks(workload);
    const provider = { getToolCallbacks: async () => callbacks };
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks: [provider] },
      {
        toolCallingManager: { limits: toolCallingLimits(workload) },
      },
    );
    const { userMessage } = workload;
    return { runConversation: () => chat.prompt(userMessage).call().content() };
  },
};
