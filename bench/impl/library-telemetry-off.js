'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/**
 * `library-function` with `telemetry: false`: beside it, the cost of the telemetry check when no OpenTelemetry SDK
 * is registered (`@opentelemetry/api` is installed, as in `library-function`).
 */
module.exports = {
  label: 'library: FunctionToolCallbacks, telemetry: false',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient']);
    loadLibrary('opentelemetry', ['OpenTelemetryChatTelemetry']);
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks: functionToolCallbacks(workload) },
      { toolCallingManager: { limits: toolCallingLimits(workload), telemetry: false } },
    );
    const { userMessage } = workload;
    return { runConversation: () => chat.prompt(userMessage).call().content() };
  },
};
