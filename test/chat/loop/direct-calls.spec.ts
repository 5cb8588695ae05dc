import {
  ChatClient,
  FunctionToolCallback,
  type ChatClientDefaults,
  type ChatStreamEvent,
  type ToolCallHooks,
} from '../../../lib';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { nextTurn, noInputTool } from '../fixtures';

/** What a stream's events say about the tool calls, one line each: `started a`, `result a: A`, `error b: …`. */
function toolEvents(events: readonly ChatStreamEvent[]): string[] {
  const lines: string[] = [];
  for (const event of events) {
    if (event.type === 'tool-call-started') lines.push(`started ${event.toolCall.name}`);
    else if (event.type === 'tool-result' || event.type === 'tool-error') {
      const { name, result } = event.toolResponse;
      lines.push(
        `${event.type === 'tool-result' ? 'result' : 'error'} ${name}: ${result.split('\n')[0].slice(0, 40)}`,
      );
    } else if (event.type === 'tool-result-truncated') lines.push(`truncated ${event.toolCall.name}`);
  }
  return lines;
}

/** A hook that changes nothing: with it the round takes the general path, one promise chain per call. */
const NEUTRAL_HOOK: ToolCallHooks = { beforeToolCall: () => undefined };

const ran: string[] = [];
const sync = (name: string) =>
  noInputTool(name, () => {
    ran.push(name);
    return name.toUpperCase();
  });
const later = (name: string) =>
  noInputTool(name, async () => {
    ran.push(name);
    await nextTurn();
    return name.toUpperCase();
  });
const strict = FunctionToolCallback.from({
  name: 'strict',
  inputSchema: {
    type: 'object',
    properties: { n: { type: 'integer' } },
    required: ['n'],
    additionalProperties: false,
  },
  fn: () => 'never',
});
const long = FunctionToolCallback.from({
  name: 'long',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  fn: () => 'x'.repeat(50),
  maxResultChars: 10,
});

/** One round calling `names`, then an answer; the tool events of the stream and the results the model got. */
async function round(names: string[], defaults: ChatClientDefaults) {
  ran.length = 0;
  const model = new ScriptedChatModel([{ toolCalls: names.map((name) => ({ name })) }, 'done']);
  const events: ChatStreamEvent[] = [];
  for await (const event of ChatClient.create(model, defaults).prompt('go').stream().events())
    events.push(event);
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  const results = message?.role === 'tool' ? message.responses.map((r) => `${r.name}: ${r.result}`) : [];
  return { events: toolEvents(events), results, ran: [...ran] };
}

const toolCallbacks = [sync('a'), later('b'), sync('c'), strict, long];

describe('a round whose tools answer synchronously', () => {
  it.each([
    ['all synchronous', ['a', 'c', 'a']],
    ['one that awaits, between two that do not', ['a', 'b', 'c']],
    ['the one that awaits first', ['b', 'a', 'c']],
    ['invalid arguments between valid calls', ['a', 'strict', 'c']],
    ['a result cut to its maxResultChars', ['long', 'a']],
    ['an unknown tool among them', ['a', 'nope', 'c']],
  ])('reports its calls as a round with a hook does (%s)', async (_case, names) => {
    const direct = await round(names, { toolCallbacks });
    const general = await round(names, { toolCallbacks, hooks: NEUTRAL_HOOK });
    expect(direct).toEqual(general);
    expect(direct.ran).toEqual(names.filter((name) => ['a', 'b', 'c'].includes(name)));
  });

  it('starts every call before any result, and gives results in call order', async () => {
    const { events, results } = await round(['a', 'b', 'c'], { toolCallbacks });
    expect(events).toEqual([
      'started a',
      'started b',
      'started c',
      'result a: A',
      'result c: C',
      'result b: B',
    ]);
    expect(results).toEqual(['a: A', 'b: B', 'c: C']);
  });

  it('reports a cut result before the result, and an invalid call as an error in its place', async () => {
    const { events } = await round(['long', 'strict', 'a'], { toolCallbacks });
    expect(events).toEqual([
      'started long',
      'started strict',
      'started a',
      'truncated long',
      'result long: xxxxxxxxxx',
      expect.stringMatching(/^error strict: /),
      'result a: A',
    ]);
  });
});
