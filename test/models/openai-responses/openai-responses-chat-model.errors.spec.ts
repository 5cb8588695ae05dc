import { ChatModelServerError, userMessage } from 'nestjs-tool-calling';
import { prompt } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const hello = prompt({ messages: [userMessage('Hello')] });

// The Responses API reports errors in the same body as Chat Completions: { error: { message, type, param, code } }.
describe('OpenAiResponsesChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.openAiResponses;
  const server = () => models.server();
  const where = () => `OpenAI Responses API at ${server().url('/v1')}, model "gpt-4.1-mini"`;

  it('maps a response with status failed to a typed error', async () => {
    const chat = await model([{ json: jsonFixture('openai-responses', 'failed.json') }]);

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.message).toBe(
      `${where()} failed to answer (server error): The model produced invalid content. Try again.`,
    );
  });
});
