import {
  ChatClient,
  RoundPreparationError,
  ToolCallingOptionsError,
  assistantMessage,
  toolResponseMessage,
  userMessage,
  type Advisor,
  type CallAdvisor,
  type PrepareRoundInput,
  type StreamAdvisor,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools, usage } from '../fixtures';

const weatherInParis = { toolCalls: [{ id: 'w1', name: 'get_weather', arguments: { city: 'Paris' } }] };
const airInParis = { toolCalls: [{ id: 'a1', name: 'getAirQuality', arguments: { city: 'Paris' } }] };

function toolNames(model: ScriptedChatModel): string[][] {
  return model.requests.map((request) => request.tools.map((tool) => tool.name));
}

describe('prepareRound', () => {
  it('offers only the tools a hook makes active in round 2, and refuses a call to another one as unknown', async () => {
    const model = new ScriptedChatModel([
      weatherInParis,
      { toolCalls: [{ id: 'w2', name: 'get_weather', arguments: { city: 'Rome' } }] },
      'Sunny.',
    ]);
    const tools = new WeatherTools();
    const response = await ChatClient.create(model, { tools: [tools] })
      .prompt('Weather in Paris?')
      .prepareRound(({ round }) => (round === 2 ? { activeTools: ['getAirQuality'] } : undefined))
      .call()
      .chatResponse();

    expect(toolNames(model)).toEqual([
      ['get_weather', 'getAirQuality'],
      ['getAirQuality'],
      ['get_weather', 'getAirQuality'],
    ]);
    expect(tools.cities).toEqual(['Paris']);
    const refused = response.toolExecutions[1].toolResponse;
    expect(refused).toMatchObject({ id: 'w2', name: 'get_weather', isError: true });
    expect(refused.result).toBe(
      'Unknown tool "get_weather". The available tools are: "getAirQuality". Call one of them, or answer without a tool.',
    );
    expect(response.text).toBe('Sunny.');
  });

  it('follows a list of active tools the hook changes in place from one round to the next', async () => {
    const model = new ScriptedChatModel([weatherInParis, airInParis, 'Done.']);
    const active = ['get_weather'];
    await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Paris?')
      .prepareRound(({ round }) => {
        if (round === 2) active[0] = 'getAirQuality';
        return { activeTools: active };
      })
      .call()
      .content();
    expect(toolNames(model)).toEqual([['get_weather'], ['getAirQuality'], ['getAirQuality']]);
  });

  it('forces a tool in round 1 and leaves the choice to the model afterwards', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Sunny.']);
    await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Weather?')
      .prepareRound(({ round }) => (round === 1 ? { toolChoice: { name: 'get_weather' } } : undefined))
      .call()
      .content();

    expect(model.requests.map((request) => request.options.toolChoice)).toEqual([
      { name: 'get_weather' },
      undefined,
    ]);
  });

  it('gives the hook the run so far: round, messages, tools, options, previous responses, usage, tool calls', async () => {
    const model = new ScriptedChatModel([
      { ...weatherInParis, usage: usage(10, 2) },
      { ...airInParis, usage: usage(20, 3) },
      'Fine.',
    ]);
    const seen: PrepareRoundInput[] = [];
    await ChatClient.create(model, { tools: [new WeatherTools()], options: { temperature: 0.3 } })
      .prompt('Paris?')
      .toolContext({ tenant: 'acme' })
      .advisorParams({ channel: 'web' })
      .prepareRound(async (input) => {
        seen.push(input);
        await Promise.resolve();
      })
      .call()
      .content();

    expect(seen.map((s) => [s.round, s.rounds, s.messages.length, s.responses.length])).toEqual([
      [1, 0, 1, 0],
      [2, 1, 3, 1],
      [3, 2, 5, 2],
    ]);
    const third = seen[2];
    expect(third.usage).toEqual(usage(30, 5));
    expect(third.tools.map((tool) => tool.name)).toEqual(['get_weather', 'getAirQuality']);
    expect(third.options).toEqual({ temperature: 0.3 });
    expect(third.responses[1].message.toolCalls[0].name).toBe('getAirQuality');
    expect(third.toolExecutions.map((record) => [record.round, record.toolCall.id])).toEqual([
      [1, 'w1'],
      [2, 'a1'],
    ]);
    expect(third.toolContext.get('tenant')).toBe('acme');
    expect(third.context).toEqual({ channel: 'web' });
  });

  it('changes the system prompt and the options of one round only', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Sunny.']);
    const response = await ChatClient.create(model, { system: 'Be brief.', tools: [new WeatherTools()] })
      .prompt('Weather?')
      .options({ temperature: 0.1 })
      .prepareRound(({ round }) =>
        round === 2
          ? { system: 'Answer in French.', options: { temperature: 0.9, maxTokens: 50 } }
          : undefined,
      )
      .call()
      .chatResponse();

    expect(model.requests[0].messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(model.requests[0].options).toEqual({ temperature: 0.1 });
    expect(model.requests[1].messages[0]).toEqual({ role: 'system', content: 'Answer in French.' });
    expect(model.requests[1].messages).toHaveLength(4);
    expect(model.requests[1].options).toEqual({ temperature: 0.9, maxTokens: 50 });
    // The run's conversation keeps its own system prompt.
    expect(response.history[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('sends trimmed messages for a round while the history keeps them all', async () => {
    const model = new ScriptedChatModel([weatherInParis, airInParis, 'Done.']);
    const response = await ChatClient.create(model, { system: 'Be brief.', tools: [new WeatherTools()] })
      .prompt('Paris?')
      .prepareRound(({ messages }) => ({
        // The system prompt and the user's message, then the latest round only.
        messages: messages.length > 3 ? [...messages.slice(0, 2), ...messages.slice(-2)] : messages,
      }))
      .call()
      .chatResponse();

    expect(model.requests.map((request) => request.messages.length)).toEqual([2, 4, 4]);
    expect(model.requests[2].messages[2]).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'a1' }] });
    expect(response.history).toHaveLength(7);
  });

  it('refuses trimmed messages that split tool calls from their results, naming the round', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Done.']);
    const call = ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Paris?')
      .prepareRound(({ round, messages }) => (round === 2 ? { messages: messages.slice(0, -1) } : undefined))
      .call()
      .content();

    await expect(call).rejects.toThrow(RoundPreparationError);
    await expect(call).rejects.toThrow(
      'prepareRound (round 2) trimmed the messages between tool calls and their results: the assistant message at 1 ' +
        'asks for "w1", which the next message does not answer exactly. Keep or drop an assistant message with tool ' +
        'calls together with the tool message that follows it.',
    );
    expect(model.requests).toHaveLength(1);
  });

  it('refuses a tool message left without its calls', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Done.']);
    const call = ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Paris?')
      .prepareRound(({ round, messages }) =>
        round === 2 ? { messages: [messages[0], messages[2]] } : undefined,
      )
      .call()
      .content();
    await expect(call).rejects.toMatchObject({
      name: 'RoundPreparationError',
      round: 2,
      message: expect.stringContaining('the tool message at 1 does not follow the assistant message'),
    });
  });

  it('accepts messages whose pairs are kept, whatever the app builds', async () => {
    const model = new ScriptedChatModel(['Fine.']);
    const earlier = [
      userMessage('Paris?'),
      assistantMessage('', [{ id: 'x', name: 'get_weather', arguments: '{"city":"Paris"}' }]),
      toolResponseMessage([{ id: 'x', name: 'get_weather', result: 'sunny', isError: false }]),
    ];
    await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('And now?')
      .prepareRound(({ messages }) => ({ messages: [...earlier, ...messages] }))
      .call()
      .content();
    expect(model.requests[0].messages).toHaveLength(4);
  });

  it('refuses an active tool that is not among the run’s tools, listing them', async () => {
    const model = new ScriptedChatModel(['Hi.']);
    const call = ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Hi')
      .prepareRound(() => ({ activeTools: ['get_weather', 'getForecast'] }))
      .call()
      .content();
    await expect(call).rejects.toThrow(
      new RoundPreparationError(
        1,
        'prepareRound (round 1) made active tools that are not among the run\'s tools: "getForecast". ' +
          'The run\'s tools are: "get_weather", "getAirQuality".',
      ),
    );
    expect(model.requests).toHaveLength(0);
  });

  it('refuses a tool choice no offered tool can meet', async () => {
    const model = new ScriptedChatModel(['Hi.']);
    const client = ChatClient.create(model, { tools: [new WeatherTools()] });
    await expect(
      client
        .prompt('Hi')
        .prepareRound(() => ({ activeTools: ['getAirQuality'], toolChoice: { name: 'get_weather' } }))
        .call()
        .content(),
    ).rejects.toThrow(
      'prepareRound (round 1) forces tool "get_weather", which is not offered in that round. ' +
        'The tools offered are: "getAirQuality".',
    );
    await expect(
      client
        .prompt('Hi')
        .prepareRound(() => ({ activeTools: [], toolChoice: 'required' }))
        .call()
        .content(),
    ).rejects.toThrow(
      'prepareRound (round 1) requires a tool call ("required"), but no tool is offered in that round.',
    );
    await expect(
      client
        .prompt('Hi')
        .prepareRound(() => 'none' as never)
        .call()
        .content(),
    ).rejects.toThrow(
      'prepareRound (round 1) must return an object of changes (or nothing), but returned "none".',
    );
    expect(() => client.prompt('Hi').prepareRound(42 as never)).toThrow(ToolCallingOptionsError);
  });

  it('runs the client’s hooks, the request’s, then an advisor’s, each seeing the changes before it', async () => {
    const model = new ScriptedChatModel(['Hi.']);
    const order: string[] = [];
    const advisor: CallAdvisor & StreamAdvisor & Advisor = {
      name: 'round-steering',
      adviseCall: (request, chain) =>
        chain.nextCall(
          request.with({
            prepareRound: [
              ...request.prepareRound,
              ({ tools, options }) => {
                order.push(`advisor saw ${tools.map((t) => t.name).join()} at ${options.temperature}`);
                return { toolChoice: 'none' };
              },
            ],
          }),
        ),
      adviseStream: (request, chain) => chain.nextStream(request),
    };
    const client = ChatClient.create(model, {
      tools: [new WeatherTools()],
      prepareRound: () => {
        order.push('client');
        return { activeTools: ['getAirQuality'] };
      },
    });
    await client
      .prompt('Hi')
      .advisors(advisor)
      .prepareRound(({ tools }) => {
        order.push(`request saw ${tools.map((t) => t.name).join()}`);
        return { options: { temperature: 0.5 } };
      })
      .call()
      .content();

    expect(order).toEqual(['client', 'request saw getAirQuality', 'advisor saw getAirQuality at 0.5']);
    expect(model.requests[0].tools.map((t) => t.name)).toEqual(['getAirQuality']);
    expect(model.requests[0].options).toEqual({ temperature: 0.5, toolChoice: 'none' });
  });

  it('steers stream() the same way, the removed tool refused in the events', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Sunny.']);
    const events = [];
    for await (const event of ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Weather?')
      .prepareRound(() => ({ activeTools: ['getAirQuality'] }))
      .stream()
      .events())
      events.push(event);

    expect(toolNames(model)).toEqual([['getAirQuality'], ['getAirQuality']]);
    expect(events.find((event) => event.type === 'tool-error')).toMatchObject({
      toolResponse: { name: 'get_weather', isError: true, result: expect.stringContaining('Unknown tool') },
    });
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Sunny.', stopReason: 'answered' });
  });

  it('keeps the limit’s last word: onLimit "tell-model" forbids tools in the last round over a hook', async () => {
    const model = new ScriptedChatModel([weatherInParis, 'Sunny.']);
    await ChatClient.create(
      model,
      { tools: [new WeatherTools()] },
      { toolCallingManager: { limits: { maxRounds: 2, onLimit: 'tell-model' } } },
    )
      .prompt('Weather?')
      .prepareRound(() => ({ toolChoice: 'required' }))
      .call()
      .content();
    expect(model.requests.map((request) => request.options.toolChoice)).toEqual(['required', 'none']);
  });
});
