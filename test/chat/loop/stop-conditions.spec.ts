import {
  ChatClient,
  FunctionToolCallback,
  InvalidChatRequestError,
  ToolCallingOptionsError,
  hasToolCall,
  roundCountIs,
  type ChatRunState,
  type ChatStreamEvent,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools, usage } from '../fixtures';

const weather = (id: string, city: string) => ({
  toolCalls: [{ id, name: 'get_weather', arguments: { city } }],
});

/** `submitReport({ text })`: answers "Filed: …", or fails for an empty text. */
function submitReport(): FunctionToolCallback {
  return FunctionToolCallback.from({
    name: 'submitReport',
    description: 'Files the final report',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    fn: ({ text }: { text: string }) => {
      if (text === '') throw new Error('empty report');
      return `Filed: ${text}`;
    },
  });
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('stop conditions', () => {
  it('says why a call without stop conditions ended', async () => {
    const model = new ScriptedChatModel([weather('w1', 'Paris'), 'Sunny.']);
    const response = await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Paris?')
      .call()
      .chatResponse();
    expect(response.stopReason).toBe('answered');
  });

  it('roundCountIs(n) ends the call once the tools of round n ran', async () => {
    const model = new ScriptedChatModel([
      weather('w1', 'Paris'),
      weather('w2', 'Rome'),
      weather('w3', 'Oslo'),
      'Done',
    ]);
    const tools = new WeatherTools();
    const response = await ChatClient.create(model, { tools: [tools] })
      .prompt('Weather everywhere')
      .stopWhen(roundCountIs(2))
      .call()
      .chatResponse();

    expect(model.requests).toHaveLength(2);
    expect(tools.cities).toEqual(['Paris', 'Rome']);
    expect(response).toMatchObject({ rounds: 2, stopReason: 'round-count', text: '' });
    expect(response.returnDirect).toBeUndefined();
    expect(response.history.at(-1)).toMatchObject({ role: 'tool', responses: [{ id: 'w2' }] });
  });

  it('hasToolCall(name) ends the call with that tool’s result as the answer, in call() and stream()', async () => {
    const script = [
      weather('w1', 'Paris'),
      {
        toolCalls: [
          { id: 'w2', name: 'get_weather', arguments: { city: 'Rome' } },
          { id: 's1', name: 'submitReport', arguments: { text: 'Paris and Rome are sunny' } },
        ],
      },
      'never asked',
    ];
    const client = ChatClient.create(new ScriptedChatModel(script), {
      tools: [new WeatherTools()],
      toolCallbacks: [submitReport()],
    });
    const response = await client
      .prompt('Report')
      .stopWhen(hasToolCall('submitReport'))
      .call()
      .chatResponse();

    expect(response).toMatchObject({
      rounds: 2,
      stopReason: 'tool-called',
      text: 'Filed: Paris and Rome are sunny',
    });
    expect(response.returnDirect).toEqual([
      { id: 's1', name: 'submitReport', result: 'Filed: Paris and Rome are sunny', isError: false },
    ]);

    const streamed = ChatClient.create(new ScriptedChatModel(script), {
      tools: [new WeatherTools()],
      toolCallbacks: [submitReport()],
    });
    const events = await collect(
      streamed.prompt('Report').stopWhen(hasToolCall('submitReport')).stream().events(),
    );
    expect(events.slice(-2)).toEqual([
      { type: 'text-delta', round: 2, text: 'Filed: Paris and Rome are sunny' },
      {
        type: 'finished',
        text: 'Filed: Paris and Rome are sunny',
        finishReason: 'tool_calls',
        usage: undefined,
        rounds: 2,
        stopReason: 'tool-called',
        returnDirect: true,
        pendingToolCalls: [],
        pendingApprovals: [],
      },
    ]);
  });

  it('hasToolCall(name) does not stop on a failed call: the model sees the error and goes on', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'submitReport', arguments: { text: '' } }] },
      { toolCalls: [{ id: 's2', name: 'submitReport', arguments: { text: 'All sunny' } }] },
    ]);
    const response = await ChatClient.create(model, { toolCallbacks: [submitReport()] })
      .prompt('Report')
      .stopWhen(hasToolCall('submitReport'))
      .call()
      .chatResponse();
    expect(response.toolExecutions.map((r) => r.toolResponse.isError)).toEqual([true, false]);
    expect(response).toMatchObject({ rounds: 2, stopReason: 'tool-called', text: 'Filed: All sunny' });
  });

  it('a custom condition (async) over the run ends the call; the first that holds gives the reason', async () => {
    const model = new ScriptedChatModel([
      { ...weather('w1', 'Paris'), usage: usage(400, 20) },
      { ...weather('w2', 'Rome'), usage: usage(700, 20) },
      'Done',
    ]);
    const seen: ChatRunState[] = [];
    const tokenBudget = async (state: ChatRunState): Promise<boolean> => {
      seen.push(state);
      return (state.usage?.totalTokens ?? 0) > 1000;
    };
    const response = await ChatClient.create(model, { tools: [new WeatherTools()], stopWhen: [tokenBudget] })
      .prompt('Weather')
      .stopWhen(roundCountIs(5))
      .call()
      .chatResponse();

    expect(response).toMatchObject({ rounds: 2, stopReason: 'stop-condition' });
    expect(seen.map((state) => [state.rounds, state.toolExecutions.length, state.messages.length])).toEqual([
      [1, 1, 3],
      [2, 2, 5],
    ]);
  });

  it('combines conditions: any of them ends the call', async () => {
    const model = new ScriptedChatModel([weather('w1', 'Paris'), weather('w2', 'Rome'), 'Done']);
    const response = await ChatClient.create(model, {
      tools: [new WeatherTools()],
      toolCallbacks: [submitReport()],
    })
      .prompt('Weather')
      .stopWhen(hasToolCall('submitReport'), roundCountIs(1))
      .call()
      .chatResponse();
    expect(response).toMatchObject({ rounds: 1, stopReason: 'round-count' });
  });

  it('is not consulted when the model answers', async () => {
    const condition = jest.fn(() => true);
    const model = new ScriptedChatModel(['Hello']);
    const response = await ChatClient.create(model).prompt('Hi').stopWhen(condition).call().chatResponse();
    expect(condition).not.toHaveBeenCalled();
    expect(response.stopReason).toBe('answered');
  });

  it('refuses conditions that cannot work', () => {
    expect(() => roundCountIs(0)).toThrow(
      new ToolCallingOptionsError('roundCountIs(rounds)', 0, 'an integer ≥ 1'),
    );
    expect(() => roundCountIs(0)).toThrow('Invalid option roundCountIs(rounds): 0; expected an integer ≥ 1');
    expect(() => hasToolCall('')).toThrow('Invalid option hasToolCall(toolName): ""; expected a tool name');
    const client = ChatClient.create(new ScriptedChatModel([]));
    expect(() => client.prompt('Hi').stopWhen('rounds' as never)).toThrow(
      'Invalid option stopWhen: "rounds"; expected a function of the run (a StopCondition)',
    );
  });
});

describe('hasToolCall naming no tool of the call', () => {
  it('fails the call before the first request, listing the tools', async () => {
    const model = new ScriptedChatModel(['Hi']);
    const call = ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Hi')
      .stopWhen(hasToolCall('submitRepot'))
      .call()
      .content();
    await expect(call).rejects.toThrow(
      new InvalidChatRequestError(
        'hasToolCall("submitRepot") names no tool of this call, so it could never hold. ' +
          'The call\'s tools are: "get_weather", "getAirQuality".',
      ),
    );
    expect(model.requests).toHaveLength(0);
  });
});
