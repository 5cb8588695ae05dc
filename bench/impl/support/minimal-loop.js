'use strict';

/**
 * The hand-written floor: OpenAI chat-format messages, a scripted model, and per tool call a Map lookup and one
 * executor (JSON text in, text out). Tool calls of one round run concurrently, as the library is meant to.
 *
 * @param {ReturnType<import('../../workload/variants').createWorkload>} workload
 * @param {(tool: object) => (argumentsJson: string) => unknown} createExecutor
 */
function createMinimalLoop(workload, createExecutor) {
  const executors = new Map(workload.tools.map((tool) => [tool.name, createExecutor(tool)]));
  const definitions = workload.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.jsonSchema },
  }));
  const model = scriptedModel(workload);

  async function execute(call) {
    const executor = executors.get(call.function.name);
    if (executor === undefined) return `Unknown tool: ${call.function.name}`;
    return executor(call.function.arguments);
  }

  async function runConversation() {
    const messages = [{ role: 'user', content: workload.userMessage }];
    for (;;) {
      const reply = await model(messages, definitions);
      messages.push(reply);
      const calls = reply.tool_calls;
      if (calls === undefined) return reply.content;
      const results = await Promise.all(calls.map(execute));
      for (let i = 0; i < calls.length; i++) {
        messages.push({ role: 'tool', tool_call_id: calls[i].id, content: results[i] });
      }
    }
  }

  return { runConversation };
}

/** The scripted model in OpenAI chat format; its replies are built once and shared, as they are never mutated. */
function scriptedModel({ script, recorder }) {
  const replies = script.rounds.map((calls) => ({
    role: 'assistant',
    content: null,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    })),
  }));
  replies.push({ role: 'assistant', content: script.respond(script.rounds.length).text });

  return async (messages, definitions) => {
    if (recorder.enabled) recorder.modelCalled({ messages, tools: definitions.length });
    let round = 0;
    for (const message of messages) if (message.role === 'assistant') round++;
    return replies[round];
  };
}

module.exports = { createMinimalLoop, scriptedModel };
