import {
  ChatClient,
  FunctionToolCallback,
  Tool,
  ToolDefinitionError,
  ToolParam,
  TransientToolError,
  type ChatStreamEvent,
  type ToolRetryOptions,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** A tool that runs `attempt(n)` on its n-th call (from 1), and counts its calls. */
function flakyTool(
  attempt: (n: number) => unknown,
  retry: ToolRetryOptions,
  options: { timeoutMs?: number } = {},
): { tool: FunctionToolCallback; calls: () => number } {
  let calls = 0;
  const tool = FunctionToolCallback.from({
    name: 'fetch_rates',
    inputSchema: {
      type: 'object',
      properties: { currency: { type: 'string' } },
      required: ['currency'],
      additionalProperties: false,
    },
    fn: async (input: { currency: string }) => `${input.currency}: ${String(await attempt(++calls))}`,
    retry,
    ...options,
  });
  return { tool, calls: () => calls };
}

function ratesModel(): ScriptedChatModel {
  return new ScriptedChatModel([
    { toolCalls: [{ id: 'call_1', name: 'fetch_rates', arguments: { currency: 'EUR' } }] },
    'Done.',
  ]);
}

/** The tool message the model received in its second request. */
function toolMessageSeen(model: ScriptedChatModel): unknown {
  return model.requests[1].messages.find((message) => message.role === 'tool');
}

describe('retries of a tool that fails with a transient error', () => {
  it('retries a transient error twice, then succeeds: two tool-retry events, and the model sees only the result', async () => {
    const { tool, calls } = flakyTool(
      (n) => {
        if (n < 3) throw new TransientToolError(`rates service busy (${n})`);
        return 1.08;
      },
      { maxAttempts: 3, backoffMs: 5 },
    );
    const model = ratesModel();

    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );

    expect(calls()).toBe(3);
    const toolCall = { id: 'call_1', name: 'fetch_rates', arguments: '{"currency":"EUR"}' };
    const callEvents = events.filter(
      (event) => event.type.startsWith('tool-') && event.type !== 'tool-input-delta',
    );
    expect(callEvents).toEqual([
      { type: 'tool-call-started', round: 1, toolCall },
      {
        type: 'tool-retry',
        round: 1,
        toolCall,
        attempt: 1,
        maxAttempts: 3,
        delayMs: 5,
        error: 'rates service busy (1)',
      },
      {
        type: 'tool-retry',
        round: 1,
        toolCall,
        attempt: 2,
        maxAttempts: 3,
        delayMs: 10,
        error: 'rates service busy (2)',
      },
      {
        type: 'tool-result',
        round: 1,
        toolResponse: { id: 'call_1', name: 'fetch_rates', result: 'EUR: 1.08', isError: false },
      },
    ]);
    expect(toolMessageSeen(model)).toEqual({
      role: 'tool',
      responses: [{ id: 'call_1', name: 'fetch_rates', result: 'EUR: 1.08', isError: false }],
    });
    expect(JSON.stringify(model.requests[1].messages)).not.toContain('busy');
  });

  it('retries in call() as in stream()', async () => {
    const { tool, calls } = flakyTool(
      (n) => {
        if (n === 1) throw new TransientToolError('busy');
        return 1.08;
      },
      { maxAttempts: 2, backoffMs: 0 },
    );
    const response = await ChatClient.create(ratesModel(), { toolCallbacks: [tool] })
      .prompt('EUR?')
      .call()
      .chatResponse();
    expect(calls()).toBe(2);
    expect(response.history.find((message) => message.role === 'tool')).toEqual({
      role: 'tool',
      responses: [{ id: 'call_1', name: 'fetch_rates', result: 'EUR: 1.08', isError: false }],
    });
  });

  it('does not retry a permanent error', async () => {
    const { tool, calls } = flakyTool(
      () => {
        throw new Error('unknown currency');
      },
      { maxAttempts: 5, backoffMs: 0 },
    );
    const model = ratesModel();
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(1);
    expect(events.map((event) => event.type)).not.toContain('tool-retry');
    expect(events.find((event) => event.type === 'tool-error')).toMatchObject({
      toolResponse: { isError: true, result: expect.stringContaining('unknown currency') },
    });
  });

  it('stops after maxAttempts, answering with the last failure', async () => {
    const { tool, calls } = flakyTool(
      (n) => {
        throw new TransientToolError(`still busy (${n})`);
      },
      { maxAttempts: 3, backoffMs: 0 },
    );
    const model = ratesModel();
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(3);
    expect(events.filter((event) => event.type === 'tool-retry')).toHaveLength(2);
    const error = events.find((event) => event.type === 'tool-error');
    expect(error).toMatchObject({ toolResponse: { result: expect.stringContaining('still busy (3)') } });
    expect(JSON.stringify(toolMessageSeen(model))).not.toContain('still busy (1)');
  });

  it('makes no retry whose wait would end past the time limit, counted from the first attempt', async () => {
    // The first failure leaves 1000 ms: one wait of 600 ms fits, a second (at ≥ 600 ms) does not.
    const { tool, calls } = flakyTool(
      () => {
        throw new TransientToolError('busy');
      },
      { maxAttempts: 5, backoffMs: 600, multiplier: 1 },
      { timeoutMs: 1000 },
    );
    const events = await collect(
      ChatClient.create(ratesModel(), { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(2);
    expect(events.filter((event) => event.type === 'tool-retry')).toHaveLength(1);
  });

  it('gives a later attempt only what is left of the time limit', async () => {
    const { tool, calls } = flakyTool(
      (n) => {
        if (n === 1) throw new TransientToolError('busy');
        return new Promise(() => undefined); // never answers
      },
      { maxAttempts: 3, backoffMs: 300, multiplier: 1 },
      { timeoutMs: 1000 },
    );
    const events = await collect(
      ChatClient.create(ratesModel(), { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(2);
    const error = events.find((event) => event.type === 'tool-error');
    const within = /did not finish within (\d+) ms/.exec(JSON.stringify(error))?.[1];
    expect(Number(within)).toBeGreaterThan(0);
    expect(Number(within)).toBeLessThanOrEqual(700);
  });

  it('retries what the transient predicate picks, and nothing else', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { tool, calls } = flakyTool(
      (n) => {
        if (n === 1) throw reset;
        throw new Error('bad gateway config');
      },
      {
        maxAttempts: 4,
        backoffMs: 0,
        transient: (error) => (error as { code?: string }).code === 'ECONNRESET',
      },
    );
    const events = await collect(
      ChatClient.create(ratesModel(), { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(2);
    expect(events.filter((event) => event.type === 'tool-retry')).toMatchObject([
      { attempt: 1, error: 'socket hang up' },
    ]);
  });

  it('never retries invalid arguments, whatever the predicate says', async () => {
    const { tool, calls } = flakyTool(() => 1, { maxAttempts: 3, backoffMs: 0, transient: () => true });
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_1', name: 'fetch_rates', arguments: { currency: 42 } }] },
      'Done.',
    ]);
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls()).toBe(0);
    expect(events.map((event) => event.type)).not.toContain('tool-retry');
    expect(events.find((event) => event.type === 'tool-error')).toBeDefined();
  });

  it('makes no further attempt once the consumer leaves during a wait', async () => {
    const { tool, calls } = flakyTool(
      () => {
        throw new TransientToolError('busy');
      },
      { maxAttempts: 3, backoffMs: 60_000, maxBackoffMs: 60_000 },
      { timeoutMs: 120_000 },
    );
    const seen: ChatStreamEvent[] = [];
    for await (const event of ChatClient.create(ratesModel(), { toolCallbacks: [tool] })
      .prompt('EUR?')
      .stream()
      .events()) {
      seen.push(event);
      if (event.type === 'tool-retry') break;
    }
    expect(seen.at(-1)).toMatchObject({ type: 'tool-retry', delayMs: 60_000 });
    expect(calls()).toBe(1);
  });

  it('takes retry options on a @Tool method', async () => {
    let calls = 0;
    class RateTools {
      @Tool({ retry: { maxAttempts: 2, backoffMs: 0 } })
      fetchRates(@ToolParam({ name: 'currency' }) currency: string): string {
        if (++calls === 1) throw new TransientToolError('busy');
        return `${currency}: 1.08`;
      }
    }
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_1', name: 'fetchRates', arguments: { currency: 'EUR' } }] },
      'Done.',
    ]);
    const events = await collect(
      ChatClient.create(model, { tools: [new RateTools()] })
        .prompt('EUR?')
        .stream()
        .events(),
    );
    expect(calls).toBe(2);
    expect(events.map((event) => event.type)).toContain('tool-retry');
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      toolResponse: { result: 'EUR: 1.08' },
    });
  });

  it.each([
    [{ maxAttempts: 0 }, 'retry.maxAttempts must be a whole number from 1 to 10'],
    [{ maxAttempts: 11 }, 'retry.maxAttempts must be a whole number from 1 to 10'],
    [{ maxAttempts: 2, backoffMs: -1 }, 'retry.backoffMs must be a number of milliseconds, at least 0'],
    [{ maxAttempts: 2, multiplier: 0.5 }, 'retry.multiplier must be a number, at least 1'],
    [{ maxAttempts: 2, transient: 'yes' }, 'retry.transient must be a function (error) => boolean'],
  ])('refuses retry options %j with a ToolDefinitionError', (retry, message) => {
    const define = () =>
      FunctionToolCallback.from({ name: 'fetch_rates', fn: () => 1, retry: retry as ToolRetryOptions });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(`function tool "fetch_rates": ${message}`);
  });
});
