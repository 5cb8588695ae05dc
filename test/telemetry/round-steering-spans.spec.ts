import { ChatClient, FunctionToolCallback, hasToolCall } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OtelTestSdk, allAttributeText } from './support/otel-test-sdk';
import { traced } from './support/telemetry-fixtures';

const lookup = FunctionToolCallback.from({
  name: 'lookup',
  description: 'Looks a word up',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  fn: ({ word }: { word: string }) => `${word}: SECRET-DEFINITION `.padEnd(500, '.'),
});
const finish = FunctionToolCallback.from({
  name: 'finish',
  description: 'Ends the task',
  inputSchema: { type: 'object', properties: {} },
  fn: () => 'finished',
});

describe('round steering in the OpenTelemetry spans', () => {
  let sdk: OtelTestSdk;
  beforeAll(() => (sdk = OtelTestSdk.start()));
  afterAll(() => sdk.shutdown());
  beforeEach(() => sdk.reset());

  it('records what a preparation and the elision changed on each chat span, and the stop reason, never content', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'l1', name: 'lookup', arguments: { word: 'alpha' } }] },
      { toolCalls: [{ id: 'l2', name: 'lookup', arguments: { word: 'beta' } }] },
      { toolCalls: [{ id: 'f1', name: 'finish', arguments: {} }] },
    ]);
    const client = ChatClient.create(model, { toolCallbacks: [lookup, finish] }, traced());
    const response = await client
      .prompt('Define alpha and beta')
      .system('SECRET-SYSTEM-PROMPT')
      .elideToolResults({ budget: 0 })
      .stopWhen(hasToolCall('finish'))
      .prepareRound(({ round, messages }) =>
        round === 1
          ? { toolChoice: 'required', options: { temperature: 0 }, system: 'SECRET-ROUND-PROMPT' }
          : round === 3
            ? { activeTools: ['finish'], messages: messages.slice(1) }
            : undefined,
      )
      .call()
      .chatResponse();
    expect(response.stopReason).toBe('tool-called');

    const [agent] = sdk.trees();
    expect(agent.attributes['tool_calling.stop_reason']).toBe('tool-called');
    const chats = agent.children.filter((span) => span.name === 'chat');
    const steering = (index: number) =>
      Object.fromEntries(
        Object.entries(chats[index].attributes).filter(([key]) => key.startsWith('tool_calling.round.')),
      );
    expect(steering(0)).toEqual({
      'tool_calling.round.tool_choice': 'required',
      'tool_calling.round.system_replaced': true,
      'tool_calling.round.options_changed': true,
    });
    expect(steering(1)).toEqual({});
    expect(steering(2)).toEqual({
      'tool_calling.round.active_tools': ['finish'],
      'tool_calling.round.messages_sent': 5,
      'tool_calling.round.elided_tool_results': 1,
    });
    const text = allAttributeText(sdk.finished());
    expect(text).not.toContain('SECRET');
  });
});
