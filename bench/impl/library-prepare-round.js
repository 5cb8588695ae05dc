'use strict';
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/**
 * `library-function` with a `prepareRound` hook on every model request: it sets the temperature, and from round 2 on
 * offers only the tools the workload calls (in C, 3 of the 200). Beside `library-function`: the cost of the
 * preparation (a hook call, a snapshot of the run, the options merged, the active tools checked) per round.
 */
module.exports = {
  label: 'library: FunctionToolCallbacks, a prepareRound hook',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient', 'roundCountIs']);
    const callbacks = functionToolCallbacks(workload);
    const called = [...new Set(workload.script.rounds.flat().map((call) => call.name))];
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      {
        toolCallbacks: callbacks,
        prepareRound: ({ round }) =>
          round === 1
            ? { options: { temperature: 0 } }
            : { options: { temperature: 0 }, activeTools: called },
      },
      { toolCallingManager: { limits: toolCallingLimits(workload) } },
    );
    const { userMessage } = workload;
    return { runConversation: () => chat.prompt(userMessage).call().content() };
  },
};
