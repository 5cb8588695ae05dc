import {
  ChatClient,
  FunctionToolCallback,
  InMemoryApprovalStore,
  MessageWindowChatMemory,
  ToolSearchAdvisor,
  type ChatStreamEvent,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { catalogTools } from './catalog';

const offered = (model: ScriptedChatModel, i: number) =>
  (model.requests[i].tools ?? []).map((tool) => tool.name);
const search = (id: string, query: string) => ({
  toolCalls: [{ id, name: 'tool_search', arguments: { query } }],
});

describe('Tool search in a run: memory, streaming, limits', () => {
  it('keeps the tools found in a conversation loaded on its next call, through chat memory', async () => {
    const model = new ScriptedChatModel([
      search('s1', 'translate into another language'),
      'Found it.',
      'Sure.',
    ]);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: catalogTools(), advisors: [new ToolSearchAdvisor()] },
      { chatMemory: new MessageWindowChatMemory() },
    );
    await chat.prompt('I need a translation').conversationId('c1').call().content();
    await chat.prompt('now into German').conversationId('c1').call().content();
    expect(offered(model, 0)).toEqual(['tool_search']);
    expect(offered(model, 2)).toContain('translateText');
    // Another conversation starts with the search tool alone.
    const other = new ScriptedChatModel(['Hi.']);
    await chat.mutate({ chatModel: other }).prompt('hello').conversationId('c2').call().content();
    expect(offered(other, 0)).toEqual(['tool_search']);
  });

  it('streams: the search is a tool call like any other, its tools offered from the next round', async () => {
    const model = new ScriptedChatModel([
      search('s1', 'where is my parcel'),
      { toolCalls: [{ id: 'c1', name: 'track_shipment', arguments: { trackingNumber: '1Z' } }] },
      'On its way.',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: catalogTools(),
      advisors: [new ToolSearchAdvisor()],
    });
    const results: string[] = [];
    for await (const event of chat.prompt('parcel 1Z?').stream().events() as AsyncIterable<ChatStreamEvent>) {
      if (event.type === 'tool-result') results.push(event.toolResponse.name);
    }
    expect(results).toEqual(['tool_search', 'track_shipment']);
    expect(offered(model, 0)).toEqual(['tool_search']);
    expect(offered(model, 1)).toContain('track_shipment');
  });

  it('counts the search tool against the limits as any tool (maxCallsPerTool)', async () => {
    const model = new ScriptedChatModel([search('s1', 'weather'), search('s2', 'currency')]);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: catalogTools(), advisors: [new ToolSearchAdvisor()] },
      { toolCallingManager: { limits: { maxCallsPerTool: 1 } } },
    );
    await expect(chat.prompt('x').call().content()).rejects.toThrow(
      'Tool calling stopped: the model asked for tool "tool_search" more than 1 times (limits.maxCallsPerTool is 1',
    );
    expect(model.requests).toHaveLength(2);
  });

  it('resumes a run paused for approval with the tools its searches loaded', async () => {
    const ran: string[] = [];
    const close = FunctionToolCallback.from({
      name: 'closeAccount',
      description: 'Close a customer account for good',
      approval: true,
      inputSchema: { type: 'object', properties: { accountId: { type: 'string' } } },
      fn: (args: Record<string, unknown>) => {
        ran.push(`closeAccount ${String(args.accountId)}`);
        return 'closed';
      },
    });
    const model = new ScriptedChatModel([
      search('s1', 'close a customer account'),
      { toolCalls: [{ id: 'c1', name: 'closeAccount', arguments: { accountId: '7' } }] },
      'Closed.',
    ]);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: [close], advisors: [new ToolSearchAdvisor()] },
      { approvals: { store: new InMemoryApprovalStore() } },
    );
    const caller = { user: { id: 'ada' } };
    const paused = await chat.prompt('close account 7').request(caller).call().chatResponse();
    expect(paused.pendingApprovals.map((approval) => approval.toolName)).toEqual(['closeAccount']);
    expect(ran).toEqual([]);
    const resumed = await chat
      .prompt()
      .request(caller)
      .resume(paused.pendingApprovals[0].id, { approved: true })
      .chatResponse();
    expect(ran).toEqual(['closeAccount 7']);
    expect(resumed.text).toBe('Closed.');
    expect(offered(model, 2)).toEqual(['tool_search', 'closeAccount']);
  });
});
