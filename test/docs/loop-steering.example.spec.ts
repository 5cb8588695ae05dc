import { ChatClient } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  FreePlanAdvisor,
  ResearchTools,
  forecastFor,
  research,
  researchClient,
} from '../../docs/examples/loop-steering.example';

const search = (id: string, query: string) => ({
  toolCalls: [{ id, name: 'searchDocs', arguments: { query } }],
});
const file = { toolCalls: [{ id: 'r1', name: 'submitReport', arguments: { text: 'Solar is cheap' } }] };

describe('docs/chat-client.md: steering the loop', () => {
  it('research: search forced first, then only the report, trimmed messages, ended by hasToolCall', async () => {
    const model = new ScriptedChatModel([
      search('s1', 'solar'),
      search('s2', 'wind'),
      search('s3', 'prices'),
      file,
    ]);
    const chat = ChatClient.create(model, { tools: [new ResearchTools()] });

    expect(await research(chat, 'Is solar cheap?')).toBe('Filed report #17: Solar is cheap');
    expect(model.requests.map((r) => r.options.toolChoice)).toEqual([
      { name: 'searchDocs' },
      undefined,
      undefined,
      'required',
    ]);
    expect(model.requests.map((r) => r.tools.map((t) => t.name))).toEqual([
      ['searchDocs', 'submitReport'],
      ['searchDocs', 'submitReport'],
      ['searchDocs', 'submitReport'],
      ['submitReport'],
    ]);
    // Round 4: system, question, and the last two rounds (the first search is left out).
    expect(model.requests.map((r) => r.messages.length)).toEqual([2, 4, 6, 6]);
    expect(model.requests[3].messages[2]).toMatchObject({ role: 'assistant', toolCalls: [{ id: 's2' }] });
  });

  it('research: says when the rounds ran out', async () => {
    const script = Array.from({ length: 8 }, (_, i) => search(`s${i}`, `q${i}`));
    const model = new ScriptedChatModel(script);
    const steps = ChatClient.create(model, { tools: [new ResearchTools()] });
    // researchSteps forces submitReport from round 4: the model refuses and keeps searching (refused as unknown).
    expect(await research(steps, 'Everything?')).toBe('The research did not finish in time.');
    expect(model.requests).toHaveLength(8);
  });

  it('researchClient: the same steering as defaults', async () => {
    const model = new ScriptedChatModel([search('s1', 'solar'), file]);
    const response = await researchClient(model, new ResearchTools()).prompt('Solar?').call().chatResponse();
    expect(response.stopReason).toBe('tool-called');
    expect(model.requests[0].options.toolChoice).toEqual({ name: 'searchDocs' });
  });

  it('FreePlanAdvisor: no tools offered to the free plan', async () => {
    const model = new ScriptedChatModel(['Upgrade to search.', 'Searching.']);
    const chat = ChatClient.create(model, {
      tools: [new ResearchTools()],
      advisors: [new FreePlanAdvisor()],
    });
    await chat.prompt('Search solar').toolContext({ plan: 'free' }).call().content();
    await chat.prompt('Search solar').toolContext({ plan: 'pro' }).call().content();
    expect(model.requests[0].tools).toEqual([]);
    expect(model.requests[0].options.toolChoice).toBe('none');
    expect(model.requests[1].tools).toHaveLength(2);
  });

  it('forecastFor: repaired once', async () => {
    const model = new ScriptedChatModel(['{"city":"Oslo"}', '{"city":"Oslo","temperature":-3}']);
    expect(await forecastFor(ChatClient.create(model), 'Oslo')).toEqual({ city: 'Oslo', temperature: -3 });
  });
});
