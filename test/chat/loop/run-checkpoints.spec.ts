import {
  ChatClient,
  FunctionToolCallback,
  type RunCheckpoint,
  type RunCheckpointStore,
  type RunProgress,
  type StartedToolCall,
  type ToolContext,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

/** The run-store port kept in memory, as the loop drives it (the Redis one: test/runs, test/e2e/runs). */
class MemoryRunStore implements RunCheckpointStore {
  readonly checkpoints: RunCheckpoint[] = [];
  started = new Map<string, StartedToolCall>();
  results = new Map<string, ToolResponse>();

  save(_runId: string, checkpoint: RunCheckpoint): Promise<void> {
    this.checkpoints.push(structuredClone(checkpoint));
    this.started = new Map();
    this.results = new Map();
    return Promise.resolve();
  }

  callStarted(_runId: string, id: string, call: StartedToolCall): Promise<void> {
    this.started.set(id, call);
    return Promise.resolve();
  }

  callSettled(_runId: string, response: ToolResponse): Promise<void> {
    this.results.set(response.id, response);
    return Promise.resolve();
  }

  progress(): RunProgress {
    return { checkpoint: this.checkpoints.at(-1)!, started: this.started, results: this.results };
  }
}

function tools(runs: Record<string, number>, keys: string[]) {
  const tool = (name: string, idempotent: boolean) =>
    FunctionToolCallback.from({
      name,
      description: name,
      inputSchema: { type: 'object', properties: {} },
      idempotent,
      fn: (_input: object, context?: ToolContext) => {
        runs[name] = (runs[name] ?? 0) + 1;
        keys.push(context?.idempotencyKey ?? 'none');
        return `${name} done`;
      },
    });
  return [tool('send', false), tool('store', true), tool('read', false)];
}

const round1 = {
  toolCalls: [
    { id: 's1', name: 'send', arguments: {} },
    { id: 'k1', name: 'store', arguments: {} },
    { id: 'r1', name: 'read', arguments: {} },
  ],
};

describe('a durable run’s checkpoints', () => {
  it('saves one after the model asks for tools and one after the round, with the idempotency key in the tools’ context', async () => {
    const store = new MemoryRunStore();
    const runs: Record<string, number> = {};
    const keys: string[] = [];
    const model = new ScriptedChatModel([round1, 'All done.']);
    const response = await ChatClient.create(model, { toolCallbacks: tools(runs, keys) })
      .prompt('go')
      .durable({ runId: 'run-1', store })
      .call()
      .chatResponse();
    expect(response.text).toBe('All done.');
    expect(store.checkpoints.map((c) => [c.seq, c.phase, c.rounds, c.history.length])).toEqual([
      [1, 'tools', 1, 2],
      [2, 'model', 1, 3],
    ]);
    expect(store.checkpoints[1].counter).toEqual({ total: 3, perTool: { send: 1, store: 1, read: 1 } });
    expect(keys).toEqual(['run-1:s1', 'run-1:k1', 'run-1:r1']);
  });

  it('goes on from a round cut short: a settled call keeps its result, a started plain one is not run again, an idempotent one is', async () => {
    const store = new MemoryRunStore();
    store.checkpoints.push({
      version: 1,
      seq: 1,
      phase: 'tools',
      history: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: '',
          toolCalls: round1.toolCalls.map((c) => ({ ...c, arguments: '{}' })),
        },
      ],
      rounds: 1,
      counter: { total: 0, perTool: {} },
      records: [],
    });
    store.started.set('s1', { idempotent: false });
    store.started.set('k1', { idempotent: true });
    store.started.set('r1', { idempotent: false });
    store.results.set('r1', { id: 'r1', name: 'read', result: 'read earlier', isError: false });
    const runs: Record<string, number> = {};
    const model = new ScriptedChatModel(['Done.']);
    const response = await ChatClient.create(model, { toolCallbacks: tools(runs, []) })
      .prompt('go')
      .durable({ runId: 'run-2', store, from: store.progress() })
      .call()
      .chatResponse();
    expect(runs).toEqual({ store: 1 });
    const results = model.toolResponses(0);
    expect(results.map((r) => [r.id, r.isError])).toEqual([
      ['s1', true],
      ['k1', false],
      ['r1', false],
    ]);
    expect(results[0].result).toBe(
      'The outcome of this call of "send" is unknown (the worker running it stopped): it may or may not have ' +
        'taken effect, and it was not run again. Check before calling it again.',
    );
    expect(results[2].result).toBe('read earlier');
    expect(response.rounds).toBe(2);
    expect(response.toolExecutions.map((r) => r.toolCall.id).sort()).toEqual(['k1', 'r1', 's1']);
    expect(store.checkpoints.at(-1)).toMatchObject({ seq: 2, phase: 'model' });
  });
});
