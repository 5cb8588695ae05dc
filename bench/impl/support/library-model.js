'use strict';
const { loadLibrary } = require('./library');

/**
 * The scripted model as a library `ChatModel`, doing what the floor's model does and no more: count the assistant
 * turns in the messages it receives, return the prebuilt response of that round (never mutated, so shared). The
 * library's own ScriptedChatModel is a test double that keeps a copy of every request (messages and all tool
 * definitions), which would be measured as the library's cost and its leak.
 */
function createBenchChatModel({ script, recorder }) {
  const { assistantMessage } = loadLibrary('', ['assistantMessage']);
  const responses = script.rounds.map((calls) => ({
    message: assistantMessage(
      '',
      calls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    ),
    finishReason: 'tool_calls',
  }));
  responses.push({
    message: assistantMessage(script.respond(script.rounds.length).text),
    finishReason: 'stop',
  });

  async function call(prompt) {
    if (recorder.enabled) recorder.modelCalled({ messages: prompt.messages, tools: prompt.tools.length });
    let round = 0;
    for (const message of prompt.messages) if (message.role === 'assistant') round++;
    return responses[round];
  }

  // The chunks of each round, prebuilt like the responses: a streaming model's work, and no more than call's.
  const chunksByRound = responses.map(({ message, finishReason }) => [
    ...(message.content ? [{ type: 'text-delta', text: message.content }] : []),
    ...message.toolCalls.map(({ id, name, arguments: argumentsDelta }, index) => ({
      type: 'tool-call-delta',
      index,
      id,
      name,
      argumentsDelta,
    })),
    { type: 'finish', finishReason },
  ]);

  /** The same response as `call`, as one text delta and one fragment per tool call. */
  async function* stream(prompt) {
    if (recorder.enabled) recorder.modelCalled({ messages: prompt.messages, tools: prompt.tools.length });
    let round = 0;
    for (const message of prompt.messages) if (message.role === 'assistant') round++;
    for (const chunk of chunksByRound[round]) yield chunk;
  }

  return { call, stream };
}

/** The default limits, except maxRounds: D asks the model 11 times (10 rounds of tool calls, then the answer). */
function toolCallingLimits(workload) {
  return { maxRounds: Math.max(10, workload.script.modelCalls) };
}

module.exports = { createBenchChatModel, toolCallingLimits };
