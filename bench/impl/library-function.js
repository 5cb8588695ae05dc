'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/**
 * The library without Nest: FunctionToolCallbacks given to `ChatClient.create()` as default callbacks; a
 * conversation is `chat.prompt(user).call().content()`.
 */
module.exports = {
  label: 'library: FunctionToolCallbacks',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient']);
    // The OpenTelemetry telemetry with no SDK registered, as the module's client has it by default.
    const { OpenTelemetryChatTelemetry } = loadLibrary('opentelemetry', ['OpenTelemetryChatTelemetry']);
    const toolCallbacks = functionToolCallbacks(workload);
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks },
      {
        toolCallingManager: {
          limits: toolCallingLimits(workload),
          telemetry: new OpenTelemetryChatTelemetry(),
        },
      },
    );
    const { userMessage } = workload;
    return { runConversation: () => chat.prompt(userMessage).call().content() };
  },
};
