import {
  ChatClient,
  FunctionToolCallback,
  MessageWindowChatMemory,
  ToolSearchAdvisor,
} from 'nestjs-tool-calling';
import { OpenAiResponsesChatModel } from 'nestjs-tool-calling/openai';
import { OPENAI_TEST_KEY } from '../models/support/chat-test.helpers';
import { ProviderTestServer } from '../models/support/provider-test.server';

const tool = (name: string, description: string) =>
  FunctionToolCallback.from({
    name,
    description,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    fn: (input: { id: string }) => `${name} ${input.id}`,
  });

const LOADED = {
  type: 'function',
  name: 'suspendAccount',
  description: 'Freeze a customer account',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  strict: false,
  defer_loading: true,
};

const SEARCHED_AND_CALLED = {
  id: 'resp_1',
  object: 'response',
  status: 'completed',
  model: 'gpt-5.4',
  output: [
    {
      type: 'tool_search_call',
      id: 'tsc_1',
      call_id: null,
      execution: 'server',
      status: 'completed',
      arguments: { query: 'freeze account' },
    },
    {
      type: 'tool_search_output',
      id: 'tso_1',
      call_id: null,
      execution: 'server',
      status: 'completed',
      tools: [LOADED],
    },
    {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'suspendAccount',
      arguments: '{"id":"7"}',
      status: 'completed',
    },
  ],
  usage: { input_tokens: 40, output_tokens: 10, total_tokens: 50 },
};

const DONE = {
  id: 'resp_2',
  object: 'response',
  status: 'completed',
  model: 'gpt-5.4',
  output: [
    {
      type: 'message',
      id: 'msg_2',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Frozen.', annotations: [] }],
    },
  ],
  usage: { input_tokens: 60, output_tokens: 3, total_tokens: 63 },
};

describe("Native tool search with OpenAI's Responses API (tool_search, defer_loading)", () => {
  let server: ProviderTestServer;

  afterEach(() => server.close());

  it('sends the tools deferred with the hosted tool_search, runs the tool it loaded, sends its items back', async () => {
    server = await ProviderTestServer.start({ json: SEARCHED_AND_CALLED }, { json: DONE });
    const model = new OpenAiResponsesChatModel({
      model: 'gpt-5.4',
      apiKey: OPENAI_TEST_KEY,
      baseURL: server.url('/v1'),
      maxRetries: 0,
    });
    const chat = ChatClient.create(model, {
      toolCallbacks: [
        tool('lookUpAccount', 'The balance and owner of an account'),
        tool('suspendAccount', 'Freeze a customer account'),
      ],
      advisors: [new ToolSearchAdvisor({ native: true, pinned: ['lookUpAccount'] })],
    });

    expect(await chat.prompt('Freeze account 7').call().content()).toBe('Frozen.');

    const [first, second] = server.requests.map((r) => r.body);
    expect(first.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'lookUpAccount' }),
      expect.objectContaining({ type: 'function', name: 'suspendAccount', defer_loading: true }),
      { type: 'tool_search' },
    ]);
    expect(first.tools[0]).not.toHaveProperty('defer_loading');
    expect(second.input).toEqual([
      { role: 'user', content: 'Freeze account 7' },
      {
        type: 'tool_search_call',
        id: 'tsc_1',
        execution: 'server',
        arguments: { query: 'freeze account' },
      },
      { type: 'tool_search_output', id: 'tso_1', execution: 'server', tools: [LOADED] },
      { type: 'function_call', call_id: 'call_1', name: 'suspendAccount', arguments: '{"id":"7"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'suspendAccount 7' },
    ]);
  });

  it("keeps what the provider's search loaded for the conversation's next call, through chat memory", async () => {
    server = await ProviderTestServer.start({ json: SEARCHED_AND_CALLED }, { json: DONE }, { json: DONE });
    const model = new OpenAiResponsesChatModel({
      model: 'gpt-5.4',
      apiKey: OPENAI_TEST_KEY,
      baseURL: server.url('/v1'),
      maxRetries: 0,
    });
    const chat = ChatClient.create(
      model,
      {
        toolCallbacks: [tool('suspendAccount', 'Freeze a customer account')],
        advisors: [new ToolSearchAdvisor({ native: true })],
      },
      { chatMemory: new MessageWindowChatMemory() },
    );

    await chat.prompt('Freeze account 7').conversationId('c1').call().content();
    await chat.prompt('And account 8?').conversationId('c1').call().content();

    const next = server.requests[2].body.input as { type?: string; role?: string }[];
    expect(next.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'tool_search_call',
      'tool_search_output',
      'function_call',
      'function_call_output',
      'assistant',
      'user',
    ]);
  });

  it("uses the library's own search with a model that has none", async () => {
    const advisor = new ToolSearchAdvisor({ native: true });
    const selection = await advisor.select(
      new Map([['suspendAccount', tool('suspendAccount', 'Freeze a customer account')]]),
      undefined as never,
      [],
      { call: () => Promise.reject(new Error('unused')), stream: () => (async function* () {})() },
    );
    expect(selection.definitions().map((d) => d.name)).toEqual(['tool_search']);
  });
});
