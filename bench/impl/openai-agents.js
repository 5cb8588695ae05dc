'use strict';
const { Agent, Runner, Usage, tool } = require('@openai/agents');
const { z } = require('zod');

/**
 * The OpenAI Agents SDK as its guide shows it: tool() with zod parameters (strict, so optional fields are
 * nullable, as the SDK requires; only the never-called filler tools of C have one), an Agent, and Runner.run() with
 * a Model of our own answering from the script. Tracing is off: it would export spans to OpenAI.
 */
function toStrictZod(params) {
  const shape = {};
  for (const p of params) {
    let field;
    if (p.type === 'string') field = z.string();
    else if (p.type === 'boolean') field = z.boolean();
    else field = p.type === 'integer' ? z.number().int() : z.number();
    if (p.minLength !== undefined) field = field.min(p.minLength);
    if (p.minimum !== undefined) field = field.min(p.minimum);
    if (p.maximum !== undefined) field = field.max(p.maximum);
    field = field.describe(p.description);
    shape[p.name] = p.optional ? field.nullable() : field;
  }
  return z.object(shape);
}

/** Model turns so far: each run of consecutive function calls (or an assistant message) in the input is one. */
function roundOf(input) {
  if (typeof input === 'string') return 0;
  let round = 0;
  let inTurn = false;
  for (const item of input) {
    const fromModel = item.type === 'function_call' || (item.type === 'message' && item.role === 'assistant');
    if (fromModel && !inTurn) round++;
    inTurn = fromModel;
  }
  return round;
}

class ScriptedModel {
  constructor({ script, recorder }) {
    this.recorder = recorder;
    this.responses = script.rounds.map((calls) =>
      calls.map((call) => ({
        type: 'function_call',
        callId: call.id,
        name: call.name,
        arguments: call.arguments,
        status: 'completed',
      })),
    );
    this.responses.push([
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: script.respond(script.rounds.length).text }],
      },
    ]);
  }

  async getResponse(request) {
    if (this.recorder.enabled) {
      this.recorder.modelCalled({ input: request.input, tools: request.tools.length });
    }
    const output = this.responses[roundOf(request.input)];
    return { usage: new Usage({ input_tokens: 10, output_tokens: 5, total_tokens: 15 }), output };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse() {
    throw new Error('not used by this benchmark');
  }
}

module.exports = {
  label: '@openai/agents',
  validatesArguments: true,
  async setup(workload) {
    const tools = workload.tools.map((t) =>
      tool({ name: t.name, description: t.description, parameters: toStrictZod(t.params), execute: t.fn }),
    );
    const model = new ScriptedModel(workload);
    const agent = new Agent({ name: 'bench', instructions: 'Answer with the tools.', tools, model });
    const runner = new Runner({ tracingDisabled: true });
    const maxTurns = workload.script.modelCalls + 1;
    return {
      async runConversation() {
        const result = await runner.run(agent, workload.userMessage, { maxTurns });
        return result.finalOutput;
      },
    };
  },
};
