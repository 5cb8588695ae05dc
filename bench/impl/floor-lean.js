'use strict';
const Ajv = require('ajv');
const { scriptedModel } = require('./support/minimal-loop');

/**
 * The lean floor (issue 30): floor+ajv without what a hand-written loop can skip — a synchronous tool's result is
 * taken as it is, with no promise per call (a round awaits only when a tool returned one), and ajv stops at the
 * first error (its default). The cheapest loop that still validates every argument and tells the model what failed.
 */
module.exports = {
  label: 'lean floor (ajv first error, no promise per synchronous call)',
  validatesArguments: true,
  async setup(workload) {
    const ajv = new Ajv();
    const executors = new Map(
      workload.tools.map((tool) => {
        const validate = ajv.compile(tool.jsonSchema);
        const { fn, name } = tool;
        const toText = (value) => JSON.stringify(value);
        return [
          name,
          (argumentsJson) => {
            let args;
            try {
              args = JSON.parse(argumentsJson);
            } catch (error) {
              return `Invalid JSON arguments for ${name}: ${error.message}`;
            }
            if (!validate(args)) return `Invalid arguments for ${name}: ${ajv.errorsText(validate.errors)}`;
            const result = fn(args);
            return result instanceof Promise ? result.then(toText) : toText(result);
          },
        ];
      }),
    );
    const definitions = workload.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.jsonSchema },
    }));
    const model = scriptedModel(workload);

    function execute(call) {
      const executor = executors.get(call.function.name);
      return executor === undefined
        ? `Unknown tool: ${call.function.name}`
        : executor(call.function.arguments);
    }

    async function runConversation() {
      const messages = [{ role: 'user', content: workload.userMessage }];
      for (;;) {
        const reply = await model(messages, definitions);
        messages.push(reply);
        const calls = reply.tool_calls;
        if (calls === undefined) return reply.content;
        let results = calls.map(execute);
        if (results.some((result) => result instanceof Promise)) results = await Promise.all(results);
        for (let i = 0; i < calls.length; i++) {
          messages.push({ role: 'tool', tool_call_id: calls[i].id, content: results[i] });
        }
      }
    }

    return { runConversation };
  },
};
