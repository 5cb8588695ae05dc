import { ChatClient, FunctionToolCallback, ToolSearchAdvisor } from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { ANTHROPIC_TEST_KEY } from '../models/support/chat-test.helpers';
import { fixture, ProviderTestServer } from '../models/support/provider-test.server';

const sse = (...events: object[]) =>
  events
    .map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`)
    .join('');

/** Anthropic streaming its tool search (the query in fragments), its result, then a call of the tool it found. */
const SEARCHED_AND_CALLED = sse(
  {
    type: 'message_start',
    message: {
      id: 'msg_s',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 1 },
    },
  },
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: {} },
  },
  {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'input_json_delta', partial_json: '{"query":"fre' },
  },
  {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'input_json_delta', partial_json: 'eze account"}' },
  },
  { type: 'content_block_stop', index: 0 },
  {
    type: 'content_block_start',
    index: 1,
    content_block: {
      type: 'tool_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: 'suspendAccount' }],
      },
    },
  },
  { type: 'content_block_stop', index: 1 },
  {
    type: 'content_block_start',
    index: 2,
    content_block: { type: 'tool_use', id: 'toolu_1', name: 'suspendAccount', input: {} },
  },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"id":"7"}' } },
  { type: 'content_block_stop', index: 2 },
  {
    type: 'message_delta',
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: { output_tokens: 30 },
  },
  { type: 'message_stop' },
);

describe("Native tool search with Anthropic, streamed: the search's blocks are kept for the next request", () => {
  let server: ProviderTestServer;

  afterEach(() => server.close());

  it('runs the tool the search found, its streamed query and result sent back before the call', async () => {
    server = await ProviderTestServer.start(
      { sse: SEARCHED_AND_CALLED, chunkSize: 97 },
      { sse: fixture('anthropic', 'text.sse') },
    );
    const model = new AnthropicChatModel({
      model: 'claude-sonnet-5-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.url(),
      maxRetries: 0,
    });
    const suspendAccount = FunctionToolCallback.from({
      name: 'suspendAccount',
      description: 'Freeze a customer account',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      fn: (input: { id: string }) => `suspended ${input.id}`,
    });
    const chat = ChatClient.create(model, {
      toolCallbacks: [suspendAccount],
      advisors: [new ToolSearchAdvisor({ native: true })],
    });

    let text = '';
    for await (const delta of chat.prompt('Freeze account 7').stream().content()) text += delta;

    expect(text).toBe('Hello! How can I help you today?');
    const [first, second] = server.requests.map((r) => r.body);
    expect(first.stream).toBe(true);
    expect(first.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'suspendAccount',
      'tool_search_tool_bm25',
    ]);
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'freeze account' },
        },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: {
            type: 'tool_search_tool_search_result',
            tool_references: [{ type: 'tool_reference', tool_name: 'suspendAccount' }],
          },
        },
        { type: 'tool_use', id: 'toolu_1', name: 'suspendAccount', input: { id: '7' } },
      ],
    });
    expect(second.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'suspended 7' }],
    });
  });
});
