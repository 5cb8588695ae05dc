import { ChatClient, MethodToolCallbackProvider, userMessage } from 'nestjs-tool-calling';
import { prompt, WeatherTools } from '../support/chat-test.helpers';
import { modelsUnderTest } from '../support/models-under-test';

// Issue 10, item 8: a server that sends `function.arguments` as a JSON object, not as text.
const completion = (message: unknown, finish: string) => ({
  id: 'chatcmpl-local',
  object: 'chat.completion',
  created: 1,
  model: 'llama3.1',
  choices: [{ index: 0, finish_reason: finish, message }],
});
const objectArguments = completion(
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'getWeather', arguments: { city: 'Paris' } } },
    ],
  },
  'tool_calls',
);

describe('OpenAiChatModel with tool arguments sent as a JSON object', () => {
  const models = modelsUnderTest();

  it('takes the object as the arguments, and the tool runs with them', async () => {
    const chat = await models.openAi([
      { json: objectArguments },
      { json: completion({ role: 'assistant', content: 'Sunny.' }, 'stop') },
    ]);

    const response = await ChatClient.create(chat)
      .prompt()
      .user('Weather in Paris?')
      .tools(new WeatherTools())
      .call()
      .chatResponse();

    expect(response.text).toBe('Sunny.');
    expect(models.server().body(1).messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'Paris: sunny, 25°C',
    });
    expect(JSON.stringify(models.server().body(1))).not.toContain('is not a function');
  });

  it('streams object arguments as their JSON text', async () => {
    const chunk = (delta: unknown, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const chat = await models.openAi([
      {
        sse:
          chunk(
            {
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'getWeather', arguments: { city: 'Oslo' } },
                },
              ],
            },
            null,
          ) +
          chunk({}, 'tool_calls') +
          'data: [DONE]\n\n',
      },
    ]);
    const [weather] = MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();

    const chunks: unknown[] = [];
    for await (const part of chat.stream(
      prompt({ messages: [userMessage('Oslo?')], tools: [weather.getToolDefinition()] }),
    ))
      chunks.push(part);

    expect(chunks[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'call_1',
      name: 'getWeather',
      argumentsDelta: '{"city":"Oslo"}',
    });
  });

  it('answers arguments that are neither text nor an object with a clear error for the model', async () => {
    const numberArguments = JSON.parse(JSON.stringify(objectArguments));
    numberArguments.choices[0].message.tool_calls[0].function.arguments = 42;
    const chat = await models.openAi([
      { json: numberArguments },
      { json: completion({ role: 'assistant', content: 'Sorry.' }, 'stop') },
    ]);

    await ChatClient.create(chat).prompt().user('?').tools(new WeatherTools()).call().content();

    expect(models.server().body(1).messages[2].content).toMatch(
      /the arguments must be a JSON object, received integer/,
    );
  });
});
