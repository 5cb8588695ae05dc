import {
  type ChatModelSettings,
  assistantMessage,
  createChatModel,
  removeNullOptionalArgumentsFromJson,
  toolResponseMessage,
  ToolResult,
  userMessage,
  type AssistantMessage,
  type ChatModel,
  type ChatResponse,
  type Message,
  type Prompt,
} from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { AzureOpenAiChatModel, OpenAiResponsesChatModel, OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { GeminiChatModel } from 'nestjs-tool-calling/gemini';
import {
  ANTHROPIC_TEST_KEY,
  AZURE_TEST_KEY,
  GEMINI_TEST_KEY,
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
  readonly provider: 'openai' | 'anthropic' | 'openai-responses' | 'azure-openai' | 'gemini';
  readonly stream: boolean;
  readonly replies: ScriptedReply[];
  readonly toolCallId: string;
  readonly toolCallText: string;
  /** The assistant tool call and the tool result, as the provider must receive them in request 2. */
  readonly historySent: unknown[];
  /** Where the history, the tools and the stream flag sit in this provider's request. */
  readonly wire?: Partial<Wire>;
}

interface Wire {
  history(body: any): unknown[];
  tools(body: any): unknown[];
  streamed(request: { path: string; body: any }): boolean;
}

const DEFAULT_WIRE: Wire = {
  history: (body) => body.messages,
  tools: (body) => body.tools,
  streamed: (request) => request.body.stream === true,
};
const RESPONSES_WIRE: Partial<Wire> = { history: (body) => body.input };
const GEMINI_WIRE: Wire = {
  history: (body) => body.contents,
  tools: (body) => body.tools[0].functionDeclarations,
  streamed: (request) => request.path.includes(':streamGenerateContent'),
};

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

const responsesHistory = [
  { role: 'user', content: QUESTION },
  { type: 'function_call', call_id: OPENAI_CALL, name: 'getWeather', arguments: '{"city":"Paris"}' },
  { type: 'function_call_output', call_id: OPENAI_CALL, output: 'Paris: sunny, 25°C' },
];

const geminiHistory = [
  { role: 'user', parts: [{ text: QUESTION }] },
  {
    role: 'model',
    parts: [
      {
        functionCall: { name: 'getWeather', args: { city: 'Paris' } },
        thoughtSignature: 'CiQBcsjafPaxyHvdXvLM4MBa7tTCmcIvKxSDShlPaKQvELDTGFgKYwFyyNp8',
      },
    ],
  },
  {
    role: 'user',
    parts: [{ functionResponse: { name: 'getWeather', response: { output: 'Paris: sunny, 25°C' } } }],
  },
];

const secondWave = (
  provider: Case['provider'],
  folder: 'openai' | 'openai-responses' | 'gemini',
  [call, answer]: [string, string],
  extra: Pick<Case, 'historySent' | 'wire' | 'toolCallId'>,
): Case[] =>
  [false, true].map((stream) => ({
    provider,
    stream,
    replies: stream
      ? [
          { sse: fixture(folder, `${call}.sse`), chunkSize: 29 },
          { sse: fixture(folder, `${answer}.sse`), chunkSize: 29 },
        ]
      : [{ json: jsonFixture(folder, `${call}.json`) }, { json: jsonFixture(folder, `${answer}.json`) }],
    toolCallText: '',
    ...extra,
  }));

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
  ...secondWave('openai-responses', 'openai-responses', ['weather-tool-call', 'weather-answer'], {
    toolCallId: OPENAI_CALL,
    historySent: responsesHistory,
    wire: RESPONSES_WIRE,
  }),
  ...secondWave('azure-openai', 'openai', ['weather-tool-call', 'weather-answer'], {
    toolCallId: OPENAI_CALL,
    historySent: openAiHistory,
  }),
  ...secondWave('gemini', 'gemini', ['weather-tool-call', 'weather-answer'], {
    toolCallId: expect.stringMatching(/^call_/),
    historySent: geminiHistory,
    wire: GEMINI_WIRE,
  }),
];

function settingsFor(provider: Case['provider'], server: ProviderTestServer): ChatModelSettings {
  switch (provider) {
    case 'openai':
    case 'openai-responses':
      return { provider, model: 'gpt-4o-mini', apiKey: OPENAI_TEST_KEY, baseURL: server.url('/v1') };
    case 'anthropic':
      return { provider, model: 'claude-sonnet-5-5', apiKey: ANTHROPIC_TEST_KEY, baseURL: server.url() };
    case 'azure-openai':
      return {
        provider,
        model: 'weather-gpt',
        endpoint: server.url(),
        apiVersion: '2024-10-21',
        apiKey: AZURE_TEST_KEY,
      };
    case 'gemini':
      return { provider, model: 'gemini-2.5-flash', apiKey: GEMINI_TEST_KEY, baseURL: server.url() };
  }
}

const ADAPTERS = {
  openai: OpenAiChatModel,
  'openai-responses': OpenAiResponsesChatModel,
  'azure-openai': AzureOpenAiChatModel,
  anthropic: AnthropicChatModel,
  gemini: GeminiChatModel,
};

/** One model round, the way a tool loop would run it: `call()`, or `stream()` assembled into a response. */
async function round(model: ChatModel, prompt: Prompt, stream: boolean): Promise<ChatResponse> {
  if (!stream) return model.call(prompt);
  const result = assemble(await collect(model.stream(prompt)));
  return {
    message: assistantMessage(result.text, result.toolCalls, result.messageMetadata),
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
    const model = createChatModel(settingsFor(testCase.provider, server));
    expect(model).toBeInstanceOf(ADAPTERS[testCase.provider]);
    const wire = { ...DEFAULT_WIRE, ...testCase.wire };
    const tools = weatherTools();
    const byName = new Map(tools.map((tool) => [tool.getToolDefinition().name, tool]));
    const definitions = tools.map((tool) => tool.getToolDefinition());
    const history: Message[] = [userMessage(QUESTION)];

    const first = await round(model, { messages: history, tools: definitions, options: {} }, testCase.stream);

    expect(first.finishReason).toBe('tool_calls');
    expect(first.message).toMatchObject<AssistantMessage>({
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
        return {
          id: call.id,
          name: call.name,
          result: ToolResult.textOf(await tool.call(input)),
          isError: false,
        };
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
    expect(wire.history(request1)).toEqual(testCase.historySent.slice(0, 1));
    expect(wire.history(request2)).toEqual(testCase.historySent);
    expect(wire.tools(request2)).toEqual(wire.tools(request1));
    expect(wire.tools(request1)).toHaveLength(1);
    expect(JSON.stringify(wire.tools(request1))).toContain('"getWeather"');
    for (const request of server.requests) expect(wire.streamed(request)).toBe(testCase.stream);
  });
});
