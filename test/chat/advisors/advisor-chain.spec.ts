import {
  ChatClient,
  SimpleLoggerAdvisor,
  systemMessage,
  userMessage,
  type CallAdvisor,
  type ChatStreamEvent,
  type StreamAdvisor,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools } from '../fixtures';

function recorder(name: string, order: number | undefined, trace: string[]): CallAdvisor & StreamAdvisor {
  return {
    name,
    order,
    async adviseCall(request, chain) {
      trace.push(`${name}:before`);
      const response = await chain.nextCall(request);
      trace.push(`${name}:after`);
      return response;
    },
    async *adviseStream(request, chain) {
      trace.push(`${name}:before`);
      yield* chain.nextStream(request);
      trace.push(`${name}:after`);
    },
  };
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('advisors', () => {
  it('wrap call() in order (lower first), defaults and per request together, around the whole tool loop', async () => {
    const trace: string[] = [];
    const model = new ScriptedChatModel((prompt, index) => {
      trace.push(`model:${index}`);
      return index === 0 ? { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } : 'Sunny.';
    });
    const chat = ChatClient.create(model, {
      tools: [new WeatherTools()],
      advisors: [recorder('late', 10, trace), recorder('plain', undefined, trace)],
    });
    const answer = await chat
      .prompt('Weather?')
      .advisors(recorder('early', -5, trace))
      .call()
      .content();
    expect(answer).toBe('Sunny.');
    expect(trace).toEqual([
      'early:before',
      'plain:before',
      'late:before',
      'model:0',
      'model:1',
      'late:after',
      'plain:after',
      'early:after',
    ]);
  });

  it('may change the request and the response, and read the advise context', async () => {
    const model = new ScriptedChatModel(['Bonjour.']);
    const rewriter: CallAdvisor = {
      name: 'rewriter',
      async adviseCall(request, chain) {
        const response = await chain.nextCall(
          request.with({
            messages: [systemMessage(`lang=${String(request.context.lang)}`), ...request.messages],
            context: { ...request.context, seen: true },
          }),
        );
        return { ...response, text: response.text.toUpperCase() };
      },
    };
    const response = await ChatClient.create(model)
      .prompt('Hello')
      .advisors(rewriter)
      .advisorParams({ lang: 'fr' })
      .call()
      .chatResponse();
    expect(model.requests[0].messages).toEqual([systemMessage('lang=fr'), userMessage('Hello')]);
    expect(response.text).toBe('BONJOUR.');
    expect(response.context).toEqual({ lang: 'fr', seen: true });
  });

  it('may answer without calling the rest of the chain (the model is not asked)', async () => {
    const model = new ScriptedChatModel([]);
    const cache: CallAdvisor = {
      name: 'cache',
      adviseCall: async (request, chain) => {
        const response = await chain.nextCall(request).catch((error: Error) => error);
        throw new Error(`unreachable: ${String(response)}`);
      },
    };
    const shortCircuit: CallAdvisor = {
      name: 'short',
      order: -1,
      adviseCall: async () => ({ text: 'cached' }) as never,
    };
    const text = await ChatClient.create(model).prompt('x').advisors(cache, shortCircuit).call().content();
    expect(text).toBe('cached');
    expect(model.requests).toHaveLength(0);
  });

  it('wrap stream() with the stream advisors; a call-only advisor is left out of streams', async () => {
    const trace: string[] = [];
    const callOnly: CallAdvisor = {
      name: 'call-only',
      adviseCall: async (request, chain) => {
        trace.push('call-only');
        return chain.nextCall(request);
      },
    };
    const model = new ScriptedChatModel(['Hi there']);
    const chat = ChatClient.create(model, { advisors: [recorder('s', 0, trace), callOnly] });
    const events = await collect(chat.prompt('Hi').stream().events());
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Hi there' });
    expect(trace).toEqual(['s:before', 's:after']);
  });

  it('are kept by mutate() and added to', async () => {
    const trace: string[] = [];
    const model = new ScriptedChatModel(['a']);
    const chat = ChatClient.create(model, { advisors: [recorder('one', 0, trace)] }).mutate({
      advisors: [recorder('two', 1, trace)],
    });
    await chat.prompt('x').call().content();
    expect(trace).toEqual(['one:before', 'two:before', 'two:after', 'one:after']);
  });
});

describe('SimpleLoggerAdvisor', () => {
  it('logs the request and the response at debug level, never the tool context values', async () => {
    const lines: string[] = [];
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
      'Cold.',
    ]);
    const chat = ChatClient.create(model, {
      tools: [new WeatherTools()],
      advisors: [new SimpleLoggerAdvisor({ logger: { debug: (line) => lines.push(line) } })],
    });
    await chat.prompt('Weather in Oslo?').toolContext({ apiToken: 'sk-secret-123' }).call().content();
    await collect(chat.prompt('Again?').toolContext({ apiToken: 'sk-secret-123' }).stream().events()).catch(
      () => undefined,
    );
    expect(lines[0]).toMatch(/^request: .*"Weather in Oslo\?".*"toolContext":"ToolContext\(1 keys\)"/);
    expect(lines[1]).toMatch(/^response: .*"text":"Cold\.".*"rounds":2.*"name":"get_weather"/);
    expect(lines.join('\n')).not.toContain('sk-secret-123');
  });

  it('uses Nest’s Logger by default', () => {
    expect(new SimpleLoggerAdvisor()).toMatchObject({ name: 'SimpleLoggerAdvisor', order: 0 });
  });
});
