'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/**
 * library-function with chat memory: a `MessageChatMemoryAdvisor` over the in-memory repository, each conversation
 * its own id (so the scripted model sees the same history): the cost of the advisor chain, reading the (empty)
 * conversation and storing the exchange as versioned JSON.
 */
module.exports = {
  label: 'library: + chat memory advisor (in memory)',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient, MessageChatMemoryAdvisor, MessageWindowChatMemory } = loadLibrary('', [
      'ChatClient',
      'MessageChatMemoryAdvisor',
      'MessageWindowChatMemory',
    ]);
    const memory = new MessageWindowChatMemory();
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks: functionToolCallbacks(workload), advisors: [new MessageChatMemoryAdvisor(memory)] },
      { toolCallingManager: { limits: toolCallingLimits(workload) } },
    );
    const { userMessage } = workload;
    let conversation = 0;
    return {
      runConversation: () => chat.prompt(userMessage).conversationId(`c${++conversation}`).call().content(),
    };
  },
};
