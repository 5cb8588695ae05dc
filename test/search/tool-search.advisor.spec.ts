import {
  ChatClient,
  FunctionToolCallback,
  ToolCallingOptionsError,
  ToolSearchAdvisor,
  type ToolSearchIndex,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { catalogTools } from './catalog';

const offered = (model: ScriptedChatModel, i: number) =>
  (model.requests[i].tools ?? []).map((tool) => tool.name);

describe('ToolSearchAdvisor', () => {
  it('offers the search tool first; a search loads the best matches, callable from the next round', async () => {
    const ran: string[] = [];
    const model = new ScriptedChatModel([
      {
        toolCalls: [{ id: 's1', name: 'tool_search', arguments: { query: 'send money back to a customer' } }],
      },
      { toolCalls: [{ id: 'c1', name: 'refund_order', arguments: { orderId: 'A-1', reason: 'late' } }] },
      'Refunded.',
    ]);
    const chat = ChatClient.create(model, { toolCallbacks: catalogTools(ran) });
    const response = await chat
      .prompt()
      .user('refund A-1')
      .advisors(new ToolSearchAdvisor())
      .call()
      .chatResponse();

    expect(offered(model, 0)).toEqual(['tool_search']);
    const found = JSON.parse(response.toolExecutions[0].toolResponse.result) as { tools: { name: string }[] };
    expect(found.tools[0]).toEqual({
      name: 'refund_order',
      description: 'Give a customer their money back for an order',
    });
    expect(found.tools.length).toBeLessThanOrEqual(5);
    expect(offered(model, 1)).toEqual(['tool_search', ...found.tools.map((tool) => tool.name)]);
    expect(model.requests[1].tools?.find((tool) => tool.name === 'refund_order')?.inputSchema).toMatchObject({
      properties: { orderId: { type: 'string' } },
    });
    expect(ran).toEqual(['refund_order']);
    expect(response.toolExecutions[1].toolResponse).toMatchObject({
      isError: false,
      result: expect.stringContaining('A-1'),
    });
    expect(offered(model, 2)).toEqual(offered(model, 1));
  });

  it('tells the model to search when it calls a tool that no search loaded, and runs nothing', async () => {
    const ran: string[] = [];
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { id: 'c1', name: 'closeAccount', arguments: { accountId: '7' } },
          { id: 'c2', name: 'noSuchThing' },
        ],
      },
      'ok',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: catalogTools(ran),
      advisors: [new ToolSearchAdvisor()],
    });
    const response = await chat.prompt().user('close account 7').call().chatResponse();
    const [first, second] = response.toolExecutions.map((record) => record.toolResponse);
    expect(first).toMatchObject({
      isError: true,
      result:
        'The tool "closeAccount" is not loaded. Call "tool_search" with a few words saying what you need; the ' +
        'tools it finds can be called from the next step.',
    });
    // An unknown name gets the very same answer: nothing tells a hidden tool from a missing one.
    expect(second.result).toBe(first.result.replace('"closeAccount"', '"noSuchThing"'));
    expect(ran).toEqual([]);
  });

  it('keeps pinned tools and @Tool({ deferred: false }) tools always offered', async () => {
    const pinnedByOption = catalogTools();
    const always = FunctionToolCallback.from({ name: 'whoAmI', deferred: false, fn: () => 'alice' });
    const model = new ScriptedChatModel(['hi']);
    const chat = ChatClient.create(model, { toolCallbacks: [...pinnedByOption, always] });
    await chat
      .prompt()
      .user('hi')
      .advisors(new ToolSearchAdvisor({ pinned: ['translateText'] }))
      .call()
      .content();
    expect(offered(model, 0)).toEqual(['translateText', 'whoAmI', 'tool_search']);
  });

  it('offers every tool as usual at or below the threshold', async () => {
    const model = new ScriptedChatModel(['hi', 'hi']);
    const chat = ChatClient.create(model, { toolCallbacks: catalogTools() });
    await chat
      .prompt()
      .user('hi')
      .advisors(new ToolSearchAdvisor({ threshold: 8 }))
      .call()
      .content();
    expect(offered(model, 0)).toHaveLength(8);
    await chat
      .prompt()
      .user('hi')
      .advisors(new ToolSearchAdvisor({ threshold: 7 }))
      .call()
      .content();
    expect(offered(model, 1)).toEqual(['tool_search']);
  });

  it('keeps the tools found earlier in the conversation loaded (the history holds the search results)', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'tool_search', arguments: { query: 'where is my parcel' } }] },
      'Found it.',
      'Still here.',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: catalogTools(),
      advisors: [new ToolSearchAdvisor()],
    });
    const first = await chat.prompt().user('parcel?').call().chatResponse();
    await chat
      .prompt()
      .messages(...first.history)
      .user('and now?')
      .call()
      .content();
    expect(offered(model, 2)).toContain('track_shipment');
    expect(offered(model, 2)[0]).toBe('tool_search');
  });

  it('refuses a query that is not a non-empty string, as any tool refuses bad arguments', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'tool_search', arguments: { query: '' } }] },
      'ok',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: catalogTools(),
      advisors: [new ToolSearchAdvisor()],
    });
    const response = await chat.prompt().user('x').call().chatResponse();
    expect(response.toolExecutions[0].toolResponse.isError).toBe(true);
    expect(response.toolExecutions[0].toolResponse.result).toMatch(/query/);
  });

  it('answers a search that finds nothing with a note, loading nothing', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'tool_search', arguments: { query: 'zzzz qqqq' } }] },
      'none',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: catalogTools(),
      advisors: [new ToolSearchAdvisor()],
    });
    const response = await chat.prompt().user('x').call().chatResponse();
    expect(JSON.parse(response.toolExecutions[0].toolResponse.result)).toEqual({
      tools: [],
      note: 'No tool matches: try other words, or answer without a tool.',
    });
    expect(offered(model, 1)).toEqual(['tool_search']);
  });

  it('takes an index of the application, and returns only visible tools whatever it says', async () => {
    const queries: string[] = [];
    const index: ToolSearchIndex = {
      update: () => undefined,
      search: (query) => {
        queries.push(query.text);
        return ['ghost', 'tool_search', 'translateText', 'convertCurrency'];
      },
    };
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'tool_search', arguments: { query: 'in French please' } }] },
      'ok',
    ]);
    const chat = ChatClient.create(model, { toolCallbacks: catalogTools() });
    const response = await chat
      .prompt()
      .user('x')
      .advisors(new ToolSearchAdvisor({ index, maxResults: 1 }))
      .call()
      .chatResponse();
    expect(queries).toEqual(['in French please']);
    expect(
      JSON.parse(response.toolExecutions[0].toolResponse.result).tools.map((t: { name: string }) => t.name),
    ).toEqual(['translateText']);
  });

  it('refuses options it cannot work with', () => {
    expect(() => new ToolSearchAdvisor({ maxResults: 0 })).toThrow(ToolCallingOptionsError);
    expect(() => new ToolSearchAdvisor({ maxResults: 0 })).toThrow(/ToolSearchAdvisor\.maxResults/);
    expect(() => new ToolSearchAdvisor({ threshold: -1 })).toThrow(/ToolSearchAdvisor\.threshold/);
    expect(() => new ToolSearchAdvisor({ searchToolName: 'bad name' })).toThrow(/searchToolName/);
  });
});
