'use strict';
const libraryMethod = require('./library-method');

/**
 * The Nest app of library-method, the conversation through stream() instead of call(): every event consumed, as
 * a controller writing them as server-sent events would; the answer is the `finished` event's text.
 */
module.exports = {
  label: 'library: @Tool methods in Nest, stream()',
  validatesArguments: true,
  async setup(workload) {
    const handle = await libraryMethod.setup(workload);
    const { chat, userMessage } = handle;
    return {
      async runConversation() {
        let text;
        for await (const event of chat.prompt(userMessage).stream().events()) {
          if (event.type === 'finished') text = event.text;
        }
        return text;
      },
      teardown: handle.teardown,
    };
  },
};
