'use strict';
const { loadLibrary } = require('./library');
const { createBenchChatModel, toolCallingLimits } = require('./library-model');

/** One FunctionToolCallback per workload tool: its JSON Schema, the workload's function as the body. */
function functionToolCallbacks(workload) {
  const { FunctionToolCallback } = loadLibrary('', ['FunctionToolCallback']);
  return workload.tools.map((tool) =>
    FunctionToolCallback.from({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.jsonSchema,
      fn: tool.fn,
    }),
  );
}

/**
 * The library without Nest: these callbacks given to `ChatClient.create()` as default callbacks, with the OpenTelemetry
 * telemetry and no SDK registered (as the module's client has it by default); a conversation is
 * `chat.prompt(user).call().content()`.
 */
function functionToolChat(workload, toolCallbacks) {
  const { ChatClient } = loadLibrary('', ['ChatClient']);
  const { OpenTelemetryChatTelemetry } = loadLibrary('opentelemetry', ['OpenTelemetryChatTelemetry']);
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
}

module.exports = { functionToolCallbacks, functionToolChat };
