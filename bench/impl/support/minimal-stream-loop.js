'use strict';

/**
 * The hand-written floor, streamed: the model is an async generator of chunks (text deltas, one fragment per tool
 * call, a finish chunk: the chunks the library's bench model streams), the loop an async generator of events (a
 * text delta, a round's end, each tool call's start and result, the answer) that the caller consumes with
 * `for await`. It is what a streaming loop costs when written by hand, beside `minimal-loop.js`: the same tools and
 * executors, the same rounds.
 *
 * @param {ReturnType<import('../../workload/variants').createWorkload>} workload
 * @param {(tool: object) => (argumentsJson: string) => unknown} createExecutor
 */
function createMinimalStreamLoop(workload, createExecutor) {
  const executors = new Map(workload.tools.map((tool) => [tool.name, createExecutor(tool)]));
  const definitions = workload.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.jsonSchema },
  }));
  const model = scriptedStreamingModel(workload);

  async function execute(call) {
    const executor = executors.get(call.function.name);
    if (executor === undefined) return `Unknown tool: ${call.function.name}`;
    return executor(call.function.arguments);
  }

  async function* events() {
    const messages = [{ role: 'user', content: workload.userMessage }];
    for (let round = 1; ; round++) {
      let content = '';
      const calls = [];
      let finishReason;
      for await (const chunk of model(messages, definitions)) {
        if (chunk.type === 'text-delta') {
          content += chunk.text;
          yield { type: 'text-delta', round, text: chunk.text };
        } else if (chunk.type === 'tool-call-delta') {
          const call = calls[chunk.index];
          if (call === undefined) {
            calls[chunk.index] = {
              id: chunk.id,
              type: 'function',
              function: { name: chunk.name, arguments: chunk.argumentsDelta },
            };
          } else call.function.arguments += chunk.argumentsDelta;
        } else finishReason = chunk.finishReason;
      }
      yield { type: 'round-finished', round, finishReason };
      if (calls.length === 0) {
        yield { type: 'finished', text: content };
        return;
      }
      messages.push({ role: 'assistant', content: content || null, tool_calls: calls });
      for (const call of calls) yield { type: 'tool-call-started', round, toolCall: call };
      const results = await Promise.all(calls.map(execute));
      for (let i = 0; i < calls.length; i++) {
        messages.push({ role: 'tool', tool_call_id: calls[i].id, content: results[i] });
        yield { type: 'tool-result', round, id: calls[i].id, result: results[i] };
      }
    }
  }

  async function runConversation() {
    let text;
    for await (const event of events()) if (event.type === 'finished') text = event.text;
    return text;
  }

  return { runConversation };
}

/** The floor's scripted model, streaming: the chunks of each round are built once and shared. */
function scriptedStreamingModel({ script, recorder }) {
  const chunksByRound = script.rounds.map((calls) => [
    ...calls.map((call, index) => ({
      type: 'tool-call-delta',
      index,
      id: call.id,
      name: call.name,
      argumentsDelta: call.arguments,
    })),
    { type: 'finish', finishReason: 'tool_calls' },
  ]);
  chunksByRound.push([
    { type: 'text-delta', text: script.respond(script.rounds.length).text },
    { type: 'finish', finishReason: 'stop' },
  ]);

  return async function* stream(messages, definitions) {
    if (recorder.enabled) recorder.modelCalled({ messages, tools: definitions.length });
    let round = 0;
    for (const message of messages) if (message.role === 'assistant') round++;
    for (const chunk of chunksByRound[round]) yield chunk;
  };
}

module.exports = { createMinimalStreamLoop };
