'use strict';
const { tool } = require('@langchain/core/tools');
const { BaseChatModel } = require('@langchain/core/language_models/chat_models');
const { AIMessage, HumanMessage } = require('@langchain/core/messages');
const { convertToOpenAITool } = require('@langchain/core/utils/function_calling');

/**
 * A minimal chat model answering from the script. Like a provider integration (ChatOpenAI), bindTools converts
 * the tools to definitions once, and _generate parses the JSON arguments the provider sent into tool_calls.
 */
class ScriptedChatModel extends BaseChatModel {
  constructor(workload) {
    super({});
    this.workload = workload;
  }

  _llmType() {
    return 'scripted';
  }

  bindTools(tools, kwargs) {
    return this.withConfig({ tools: tools.map((t) => convertToOpenAITool(t)), ...kwargs });
  }

  async _generate(messages, options) {
    const { script, recorder } = this.workload;
    if (recorder.enabled) recorder.modelCalled({ messages, tools: options.tools?.length });
    let round = 0;
    for (const message of messages) if (AIMessage.isInstance(message)) round++;
    const reply = script.respond(round);
    const message =
      reply.text !== undefined
        ? new AIMessage(reply.text)
        : new AIMessage({
            content: '',
            tool_calls: reply.toolCalls.map((call) => ({
              id: call.id,
              name: call.name,
              args: JSON.parse(call.arguments),
              type: 'tool_call',
            })),
          });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

/**
 * LangChain.js core without langgraph, as its tool-calling guide shows it: tool() with zod schemas, a model with
 * bound tools, and a loop that invokes each requested tool with its ToolCall and appends the ToolMessages.
 */
module.exports = {
  label: 'langchain',
  validatesArguments: true,
  async setup(workload) {
    const tools = workload.tools.map((t) =>
      tool(t.fn, { name: t.name, description: t.description, schema: t.zodSchema() }),
    );
    const toolsByName = new Map(tools.map((t) => [t.name, t]));
    const model = new ScriptedChatModel(workload).bindTools(tools);

    return {
      async runConversation() {
        const messages = [new HumanMessage(workload.userMessage)];
        for (;;) {
          const reply = await model.invoke(messages);
          messages.push(reply);
          if (!reply.tool_calls?.length) return reply.content;
          const results = await Promise.all(
            reply.tool_calls.map((call) => toolsByName.get(call.name).invoke(call)),
          );
          messages.push(...results);
        }
      },
    };
  },
};
