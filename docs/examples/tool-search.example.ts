// Compiled by `npm run typecheck`: every sample in docs/tool-search.md comes from this file. It is written as a
// user's spec file; test/docs/tool-search.example.spec.ts imports it, which registers these tests with Jest.
import { Injectable } from '@nestjs/common';
import {
  ChatClient,
  FunctionToolCallback,
  Tool,
  ToolParam,
  ToolSearchAdvisor,
  type ChatModel,
  type ToolCallback,
  type ToolSearchIndex,
  type ToolSearchQuery,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

// --- Pinning: a tool the model always sees -----------------------------------------------------------------------
@Injectable()
export class AccountTools {
  @Tool({ description: 'Who the signed-in user is: name, plan and locale', deferred: false })
  whoAmI(): string {
    return 'alice, plan pro, locale fr-FR';
  }

  @Tool({ description: 'Give a customer their money back for an order' })
  refundOrder(@ToolParam({ description: 'Order number' }) orderId: string): string {
    return `refunded ${orderId}`;
  }
}

// --- Turning it on: for every call of a client, or above a number of tools ---------------------------------------
export function searchingClient(chatModel: ChatModel, tools: object[]): ChatClient {
  return ChatClient.create(chatModel, {
    tools,
    advisors: [new ToolSearchAdvisor({ threshold: 30, pinned: ['get_current_time'] })],
  });
}

// --- Or for one request ------------------------------------------------------------------------------------------
// Made once: its index is built on the first search and kept up to date after that.
const toolSearch = new ToolSearchAdvisor({ maxResults: 3 });

export function askWithSearch(chat: ChatClient, question: string): Promise<string> {
  return chat.prompt(question).advisors(toolSearch).call().content();
}

// --- The provider's own search, where the model has one ---------------------------------------------------------
export function providerSearchingClient(chatModel: ChatModel, tools: object[]): ChatClient {
  return ChatClient.create(chatModel, {
    tools,
    advisors: [new ToolSearchAdvisor({ native: true, threshold: 30, pinned: ['get_current_time'] })],
  });
}

// --- Another index: embeddings of your own -----------------------------------------------------------------------
export type Embed = (texts: string[]) => Promise<number[][]>;

export class EmbeddingToolIndex implements ToolSearchIndex {
  private readonly vectors = new Map<string, { text: string; vector: number[] }>();

  constructor(private readonly embed: Embed) {}

  async update(tools: ReadonlyMap<string, ToolCallback>): Promise<void> {
    const changed = [...tools.values()]
      .map((tool) => tool.getToolDefinition())
      .map((definition) => ({ name: definition.name, text: `${definition.name}: ${definition.description}` }))
      .filter(({ name, text }) => this.vectors.get(name)?.text !== text);
    if (changed.length === 0) return;
    const vectors = await this.embed(changed.map(({ text }) => text));
    changed.forEach(({ name, text }, i) => this.vectors.set(name, { text, vector: vectors[i] }));
  }

  async search(query: ToolSearchQuery): Promise<string[]> {
    const [wanted] = await this.embed([query.text]);
    return [...this.vectors]
      .filter(([name]) => query.accepts(name))
      .map(([name, { vector }]) => ({ name, score: cosine(wanted, vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, query.limit)
      .map(({ name }) => name);
  }
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

// --- Tests -------------------------------------------------------------------------------------------------------
describe('tool search', () => {
  it('offers the search tool and the pinned tool, then what a search found', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'money back for an order' } }] },
      { toolCalls: [{ name: 'refundOrder', arguments: { orderId: 'A-1' } }] },
      'Refunded.',
    ]);
    const chat = ChatClient.create(model, { tools: [new AccountTools()] });

    await expect(askWithSearch(chat, 'Refund order A-1')).resolves.toBe('Refunded.');
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['whoAmI', 'tool_search']);
    expect(model.requests[1].tools.map((tool) => tool.name)).toEqual([
      'whoAmI',
      'tool_search',
      'refundOrder',
    ]);
  });

  it('offers every tool as usual at or below the threshold', async () => {
    const model = new ScriptedChatModel(['Hello.']);
    await searchingClient(model, [new AccountTools()]).prompt('Hi').call().content();
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['whoAmI', 'refundOrder']);
  });

  it('defers the tools to a model that searches natively, and searches itself for any other', async () => {
    const tools = Array.from({ length: 31 }, (_, i) =>
      FunctionToolCallback.from({ name: `tool_${i}`, description: `Tool number ${i}`, fn: () => 'ok' }),
    );
    const scripted = new ScriptedChatModel(['Hello.', 'Hello.']);
    const native: ChatModel = {
      nativeToolSearch: true,
      call: (prompt, options) => scripted.call(prompt, options),
      stream: (prompt, options) => scripted.stream(prompt, options),
    };

    await providerSearchingClient(native, []).mutate({ toolCallbacks: tools }).prompt('Hi').call().content();
    expect(scripted.requests[0].tools).toHaveLength(31);
    expect(scripted.requests[0].tools.every((tool) => tool.deferLoading === true)).toBe(true);

    await providerSearchingClient(scripted, [])
      .mutate({ toolCallbacks: tools })
      .prompt('Hi')
      .call()
      .content();
    expect(scripted.requests[1].tools.map((tool) => tool.name)).toEqual(['tool_search']);
  });

  it('ranks with an index of your own', async () => {
    // A stand-in for an embeddings API: one dimension per topic word.
    const topics = ['weather', 'money', 'parcel'];
    const embed: Embed = async (texts) =>
      texts.map((text) => topics.map((topic) => (text.toLowerCase().includes(topic) ? 1 : 0)));
    const tools = [
      FunctionToolCallback.from({ name: 'forecast', description: 'Weather for a city', fn: () => 'sunny' }),
      FunctionToolCallback.from({ name: 'track', description: 'Where a parcel is', fn: () => 'in Lyon' }),
    ];
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'tool_search', arguments: { query: 'my parcel' } }] },
      'In Lyon.',
    ]);
    const chat = ChatClient.create(model, {
      toolCallbacks: tools,
      advisors: [new ToolSearchAdvisor({ index: new EmbeddingToolIndex(embed), maxResults: 1 })],
    });

    const response = await chat.prompt('Where is my parcel?').call().chatResponse();
    expect(JSON.parse(response.toolExecutions[0].toolResponse.result)).toEqual({
      tools: [{ name: 'track', description: 'Where a parcel is' }],
    });
  });
});
