import { ChatModelApiError, userMessage } from 'nestjs-tool-calling';
import { prompt, failure } from '../support/chat-test.helpers';
import { modelsUnderTest } from '../support/models-under-test';

describe('AnthropicChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.anthropic;
  const server = () => models.server();

  const hello = prompt({ messages: [userMessage('Hello')] });
  const where = () => `Anthropic at ${server().url()}, model "claude-sonnet-5-5"`;

  it('maps another status to ChatModelApiError', async () => {
    const chat = await model([
      {
        status: 413,
        json: {
          type: 'error',
          error: {
            type: 'request_too_large',
            message: 'Request exceeds the maximum allowed number of bytes.',
          },
        },
      },
    ]);

    const error = await failure(chat.call(hello));

    expect(error.constructor).toBe(ChatModelApiError);
    expect(error.message).toBe(
      `${where()} answered with status 413: Request exceeds the maximum allowed number of bytes.`,
    );
  });
});
