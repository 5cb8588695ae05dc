// Run by runInNodeRealm: one call() of the chat model described by PROBE_SETTINGS (JSON); prints the outcome.
import { createChatModel } from '../../../lib/models/chat-model.factory';
import type { ChatModelSettings } from '../../../lib/models/chat-model-settings';

async function main(): Promise<void> {
  const model = createChatModel(JSON.parse(process.env.PROBE_SETTINGS ?? '{}') as ChatModelSettings);
  try {
    const response = await model.call({
      messages: [{ role: 'user', content: 'Hello' }],
      tools: [],
      options: {},
    });
    console.log(JSON.stringify({ content: response.message.content }));
  } catch (error) {
    const { name, message, timedOut } = error as { name: string; message: string; timedOut?: boolean };
    console.log(JSON.stringify({ name, message, timedOut }));
  }
}

void main();
