'use strict';
const { generateText, tool, stepCountIs } = require('ai');
const { MockLanguageModelV3 } = require('ai/test');

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/**
 * The Vercel AI SDK as its documentation shows it: tools with zod input schemas and `execute`, generateText with
 * stopWhen allowing every round, and the SDK's own MockLanguageModelV3 answering from the script.
 */
module.exports = {
  label: 'ai-sdk',
  validatesArguments: true,
  async setup(workload) {
    const { script, recorder } = workload;
    const tools = {};
    for (const t of workload.tools) {
      tools[t.name] = tool({ description: t.description, inputSchema: t.zodSchema(), execute: t.fn });
    }
    const results = script.rounds.map((calls) => ({
      content: calls.map((call) => ({
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: call.arguments,
      })),
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: USAGE,
      warnings: [],
    }));
    results.push({
      content: [{ type: 'text', text: script.respond(script.rounds.length).text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE,
      warnings: [],
    });

    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt, tools: definitions }) => {
        if (recorder.enabled) recorder.modelCalled({ prompt, tools: definitions?.length });
        let round = 0;
        for (const message of prompt) if (message.role === 'assistant') round++;
        return results[round];
      },
    });
    const stopWhen = stepCountIs(script.modelCalls);

    return {
      async runConversation() {
        const result = await generateText({ model, tools, prompt: workload.userMessage, stopWhen });
        // The mock keeps every call's options for test assertions; a real provider keeps nothing.
        model.doGenerateCalls.length = 0;
        return result.text;
      },
    };
  },
};
