'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');

/**
 * library-function where every tool needs approval (`approval: true`): each round pauses into the in-memory
 * approval store, and every pending call is approved with `resume()` before the loop goes on: the cost of an
 * approval round trip (state saved as JSON, ids drawn, decisions recorded, the run restored).
 */
module.exports = {
  label: 'library: every call approved (in-memory store)',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient, FunctionToolCallback, InMemoryApprovalStore } = loadLibrary('', [
      'ChatClient',
      'FunctionToolCallback',
      'InMemoryApprovalStore',
    ]);
    const toolCallbacks = workload.tools.map((tool) =>
      FunctionToolCallback.from({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.jsonSchema,
        fn: tool.fn,
        approval: true,
      }),
    );
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks },
      {
        toolCallingManager: { limits: toolCallingLimits(workload) },
        // No HTTP request here: one fixed caller, who asks and decides (a caller without an id is refused).
        approvals: { store: new InMemoryApprovalStore(), callerId: () => 'bench' },
      },
    );
    const { userMessage } = workload;
    const approved = { approved: true };
    return {
      async runConversation() {
        let response = await chat.prompt(userMessage).call().chatResponse();
        while (response.pendingApprovals.length > 0) {
          for (const pending of response.pendingApprovals)
            response = await chat.resume(pending.id, approved).chatResponse();
        }
        return response.text;
      },
    };
  },
};
