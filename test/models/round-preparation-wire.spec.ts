import { ChatClient, FunctionToolCallback, type PrepareRound } from 'nestjs-tool-calling';
import { fixture, jsonFixture } from './support/provider-test.server';
import { modelsUnderTest } from './support/models-under-test';
import { weatherTools } from './support/chat-test.helpers';

/** A second tool, so that a round offering one of the two shows in the request body. */
const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Local time of a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  fn: ({ city }: { city: string }) => `${city}: 10:00`,
});

/** Round 1: the model must call getWeather; round 2: only getTime is offered, and the choice is the model's. */
const steer: PrepareRound = ({ round }) =>
  round === 1 ? { toolChoice: { name: 'getWeather' } } : { activeTools: ['getTime'] };

describe('round preparation, as the provider SDKs send it', () => {
  const models = modelsUnderTest();

  it('OpenAI Chat Completions: tool_choice forced in round 1, only getTime offered in round 2', async () => {
    const model = await models.openAi([
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    ]);
    const answer = await ChatClient.create(model, { toolCallbacks: [...weatherTools(), getTime] })
      .prompt('Weather in Paris?')
      .prepareRound(steer)
      .call()
      .chatResponse();

    const [first, second] = models.server().requests.map((request) => request.body);
    expect(first.tool_choice).toEqual({ type: 'function', function: { name: 'getWeather' } });
    expect(first.tools.map((tool: any) => tool.function.name)).toEqual(['getWeather', 'getTime']);
    expect(second).not.toHaveProperty('tool_choice');
    expect(second.tools.map((tool: any) => tool.function.name)).toEqual(['getTime']);
    expect(answer.toolExecutions[0].toolResponse.result).toBe('Paris: sunny, 25°C');
    expect(answer.stopReason).toBe('answered');
  });

  it('OpenAI Chat Completions, streamed: the same request bodies', async () => {
    const model = await models.openAi([
      { sse: fixture('openai', 'weather-tool-call.sse') },
      { sse: fixture('openai', 'weather-answer.sse') },
    ]);
    for await (const event of ChatClient.create(model, { toolCallbacks: [...weatherTools(), getTime] })
      .prompt('Weather in Paris?')
      .prepareRound(steer)
      .stream()
      .events())
      void event;
    const [first, second] = models.server().requests.map((request) => request.body);
    expect(first.tool_choice).toEqual({ type: 'function', function: { name: 'getWeather' } });
    expect(second.tools.map((tool: any) => tool.function.name)).toEqual(['getTime']);
  });

  it('Anthropic Messages: tool_choice forced in round 1, only getTime offered in round 2', async () => {
    const model = await models.anthropic([
      { json: jsonFixture('anthropic', 'weather-tool-use.json') },
      { json: jsonFixture('anthropic', 'weather-answer.json') },
    ]);
    const answer = await ChatClient.create(model, { toolCallbacks: [...weatherTools(), getTime] })
      .prompt('Weather in Paris?')
      .prepareRound(steer)
      .call()
      .chatResponse();

    const [first, second] = models.server().requests.map((request) => request.body);
    expect(first.tool_choice).toEqual({ type: 'tool', name: 'getWeather' });
    expect(first.tools.map((tool: any) => tool.name)).toEqual(['getWeather', 'getTime']);
    expect(second).not.toHaveProperty('tool_choice');
    expect(second.tools.map((tool: any) => tool.name)).toEqual(['getTime']);
    expect(answer.toolExecutions).toHaveLength(1);
    expect(answer.toolExecutions[0].toolResponse.isError).toBe(false);
  });
});
