import {
  AnthropicChatModel,
  assistantMessage,
  createChatModel,
  OpenAiChatModel,
  removeNullOptionalArgumentsFromJson,
  toolResponseMessage,
  userMessage,
  type AssistantMessage,
  type ChatModel,
  type ChatResponse,
  type Message,
  type Prompt,
} from '../../lib';
import {
  ANTHROPIC_TEST_KEY,
  assemble,
  collect,
  OPENAI_TEST_KEY,
  weatherTools,
} from './support/chat-test.helpers';
import { fixture, jsonFixture, ProviderTestServer, type ScriptedReply } from './support/provider-test.server';

/**
 * The seed documents' weather exchange at the adapter level: user question + tools → the model asks for
 * getWeather(Paris) → the tool runs → the assistant tool call and the tool result go back → the model answers.
 */
interface Case {
  readonly provider: 'openai' | 'anthropic';
  readonly stream: boolean;
  readonly replies: ScriptedReply[];
  readonly toolCallId: string;
  readonly toolCallText: string;
  /** The assistant tool call and the tool result, as the provider must receive them in request 2. */
  readonly historySent: unknown[];
}

const QUESTION = 'What is the weather in Paris?';
const OPENAI_CALL = 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw';
const ANTHROPIC_CALL = 'toolu_01A09q90qw90lq917835lq9';

const openAiHistory = [
  { role: 'user', content: QUESTION },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: OPENAI_CALL, type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } },
    ],
  },
  { role: 'tool', tool_call_id: OPENAI_CALL, content: 'Paris: sunny, 25°C' },
];

const anthropicHistory = [
  { role: 'user', content: [{ type: 'text', text: QUESTION }] },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: "I'll check the weather in Paris." },
      { type: 'tool_use', id: ANTHROPIC_CALL, name: 'getWeather', input: { city: 'Paris' } },
    ],
  },
  {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: ANTHROPIC_CALL, content: 'Paris: sunny, 25°C' }],
  },
];

const cases: Case[] = [
  {
    provider: 'openai',
    stream: false,
    replies: [
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    ],
    toolCallId: OPENAI_CALL,
    toolCallText: '',
    historySent: openAiHistory,
  },
  {
    provider: 'openai',
    stream: true,
    replies: [
      { sse: fixture('openai', 'weather-tool-call.sse'), chunkSize: 29 },
      { sse: fixture('openai', 'weather-answer.sse'), chunkSize: 29 },
    ],
    toolCallId: OPENAI_CALL,
    toolCallText: '',
    historySent: openAiHistory,
  },
  {
    provider: 'anthropic',
    stream: false,
    replies: [
      { json: jsonFixture('anthropic', 'weather-tool-use.json') },
      { json: jsonFixture('anthropic', 'weather-answer.json') },
    ],
    toolCallId: ANTHROPIC_CALL,
    toolCallText: "I'll check the weather in Paris.",
    historySent: anthropicHistory,
  },
  {
    provider: 'anthropic',
    stream: true,
    replies: [
      { sse: fixture('anthropic', 'weather-tool-use.sse'), chunkSize: 29 },
      { sse: fixture('anthropic', 'weather-answer.sse'), chunkSize: 29 },
    ],
    toolCallId: ANTHROPIC_CALL,
    toolCallText: "I'll check the weather in Paris.",
    historySent: anthropicHistory,
  },
];

/** One model round, the way a tool loop would run it: `call()`, or `stream()` assembled into a response. */
async function round(model: ChatModel, prompt: Prompt, stream: boolean): Promise<ChatResponse> {
  if (!stream) return model.call(prompt);
  const result = assemble(await collect(model.stream(prompt)));
  return {
    message: assistantMessage(result.text, result.toolCalls),
    finishReason: result.finishReason!,
    usage: result.usage,
  };
}

describe.each(cases)('the weather exchange with $provider (stream: $stream)', (testCase) => {
  let server: ProviderTestServer;

  afterEach(async () => {
    await server?.close();
  });

  it('asks for the tool, sends its result back, and gets the final answer', async () => {
    server = await ProviderTestServer.start(...testCase.replies);
    const model = createChatModel(
      testCase.provider === 'openai'
        ? { provider: 'openai', model: 'gpt-4o-mini', apiKey: OPENAI_TEST_KEY, baseURL: server.url('/v1') }
        : {
            provider: 'anthropic',
            model: 'claude-sonnet-5-5',
            apiKey: ANTHROPIC_TEST_KEY,
            baseURL: server.url(),
          },
    );
    expect(model).toBeInstanceOf(testCase.provider === 'openai' ? OpenAiChatModel : AnthropicChatModel);
    const tools = weatherTools();
    const byName = new Map(tools.map((tool) => [tool.getToolDefinition().name, tool]));
    const definitions = tools.map((tool) => tool.getToolDefinition());
    const history: Message[] = [userMessage(QUESTION)];

    const first = await round(model, { messages: history, tools: definitions, options: {} }, testCase.stream);

    expect(first.finishReason).toBe('tool_calls');
    expect(first.message).toEqual<AssistantMessage>({
      role: 'assistant',
      content: testCase.toolCallText,
      toolCalls: [{ id: testCase.toolCallId, name: 'getWeather', arguments: expect.any(String) }],
    });
    expect(JSON.parse(first.message.toolCalls[0].arguments)).toEqual({ city: 'Paris' });

    const results = await Promise.all(
      first.message.toolCalls.map(async (call) => {
        const tool = byName.get(call.name)!;
        const input = removeNullOptionalArgumentsFromJson(
          call.arguments,
          tool.getToolDefinition().inputSchema,
        );
        return { id: call.id, name: call.name, result: await tool.call(input), isError: false };
      }),
    );
    history.push(first.message, toolResponseMessage(results));

    const second = await round(
      model,
      { messages: history, tools: definitions, options: {} },
      testCase.stream,
    );

    expect(second.finishReason).toBe('stop');
    expect(second.message).toEqual({
      role: 'assistant',
      content: 'It is sunny in Paris, 25°C.',
      toolCalls: [],
    });
    expect(second.usage?.totalTokens).toBeGreaterThan(0);

    expect(server.requests).toHaveLength(2);
    const [request1, request2] = server.requests.map((request) => request.body);
    expect(request1.messages).toEqual(testCase.historySent.slice(0, 1));
    expect(request2.messages).toEqual(testCase.historySent);
    expect(request2.tools).toEqual(request1.tools);
    expect(request1.tools).toHaveLength(1);
    expect(JSON.stringify(request1.tools)).toContain('"getWeather"');
    expect(request1.stream).toBe(testCase.stream);
    expect(request2.stream).toBe(testCase.stream);
  });
});
