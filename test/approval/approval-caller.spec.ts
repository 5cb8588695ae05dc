import {
  ApprovalCallerUnknownError,
  ApprovalForbiddenError,
  ChatClient,
  InMemoryApprovalStore,
  type ApprovalOptions,
  type ChatStreamEvent,
  type PausedRunEntry,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { encodePausedRun } from '../../lib/chat/loop/paused-run.codec';
import { DeskTools } from './fixtures';

/** A real in-memory store that also lists what was saved. */
class RecordingStore extends InMemoryApprovalStore {
  readonly saved: PausedRunEntry[] = [];

  override async save(entry: PausedRunEntry): Promise<void> {
    this.saved.push(entry);
    await super.save(entry);
  }
}

/** What the auth guard of docs/securing-tools.md used to put on the request: a user without an id. */
const named = (name: string) => ({ user: { name, roles: ['agent'] } });
const withId = (id: string) => ({ user: { id, name: id } });

const HOW_TO =
  'Set approvals.callerId in the options of ToolCallingModule.forRoot() (or of ChatClient.create()) to a function ' +
  'that returns the id of the user your authentication guard put on the HTTP request, e.g. ' +
  'approvals: { callerId: (request) => request.user?.email } (outside an HTTP request it gets the request given ' +
  'with .request(), or undefined)';

function setup(script: ConstructorParameters<typeof ScriptedChatModel>[0], approvals: ApprovalOptions = {}) {
  const desk = new DeskTools();
  const model = new ScriptedChatModel(script);
  const store = new RecordingStore();
  const chat = ChatClient.create(model, { tools: [desk] }, { approvals: { store, ...approvals } });
  return { desk, model, chat, store };
}

const closeAndWeather = {
  toolCalls: [
    { id: 'a', name: 'closeTicket', arguments: { id: 7 } },
    { id: 'b', name: 'weather', arguments: { city: 'Oslo' } },
    { id: 'c', name: 'closeTicket', arguments: { id: 8 } },
  ],
};

describe('approvals and the caller’s identity', () => {
  it('refuses to pause for a caller without an id (a guard that sets no id), and stores nothing', async () => {
    const { desk, model, chat, store } = setup([closeAndWeather, closeAndWeather]);
    const error = await chat
      .prompt('Close 7 and 8')
      .request(named('alice'))
      .call()
      .content()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalCallerUnknownError);
    expect(error).toMatchObject({
      name: 'ApprovalCallerUnknownError',
      stage: 'pause',
      toolNames: ['closeTicket'],
    });
    expect((error as Error).message).toBe(
      'the call of "closeTicket" needs a person\'s approval, but the caller has no id, so nobody could be checked ' +
        'as the one to decide it: the call was not paused and nothing was stored. ' +
        HOW_TO,
    );
    expect(store.saved).toEqual([]);
    expect(desk.closed).toEqual([]);
    expect(model.requests).toHaveLength(1);

    // Outside an HTTP request, the same.
    await expect(chat.prompt('Close 7 and 8').call().content()).rejects.toThrow(ApprovalCallerUnknownError);
    expect(store.saved).toEqual([]);
  });

  it('stream(): the refusal is the stream’s error, with no approval-required event', async () => {
    const { chat, store } = setup([closeAndWeather]);
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of chat
        .prompt('Close')
        .request({ user: { id: '' } })
        .stream()
        .events())
        events.push(event);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalCallerUnknownError);
    expect(events.map((e) => e.type)).not.toContain('approval-required');
    expect(store.saved).toEqual([]);
  });

  it('refuses a decision by a caller without an id, before the store is asked; the approval stays open', async () => {
    const mayDecide = jest.fn(() => true);
    const { desk, chat } = setup([closeAndWeather, 'Closed.'], {
      callerId: (request) => (request as { user?: { id?: string } } | undefined)?.user?.id,
      mayDecide,
    });
    const paused = await chat.prompt('Close 7 and 8').request(withId('alice')).call().chatResponse();
    const [first, second] = paused.pendingApprovals;
    for (const caller of [named('bob'), undefined, { user: { id: '' } }]) {
      const error = await chat
        .prompt()
        .request(caller)
        .resume(first.id, { approved: true })
        .content()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApprovalCallerUnknownError);
      expect((error as Error).message).toBe(
        'this approval cannot be decided: the caller has no id, so it cannot be checked against the one who ' +
          'asked; nothing was decided. ' +
          HOW_TO,
      );
    }
    // Even a policy that lets anyone decide is not asked for a caller without an id.
    expect(mayDecide).not.toHaveBeenCalled();
    expect(desk.closed).toEqual([]);
    await chat.prompt().request(withId('alice')).resume(first.id, { approved: true }).chatResponse();
    expect(await chat.prompt().request(withId('alice')).resume(second.id, { approved: true }).content()).toBe(
      'Closed.',
    );
    expect(desk.closed).toEqual([7, 8]);
  });

  it('with ids: bob cannot decide alice’s approval, and alice’s own decision still works', async () => {
    const { desk, chat, store } = setup([
      { toolCalls: [{ name: 'closeTicket', arguments: { id: 3 } }] },
      'Done.',
    ]);
    const paused = await chat.prompt('Close 3').request(withId('alice')).call().chatResponse();
    expect(store.saved[0].callerId).toBe('alice');
    const id = paused.pendingApprovals[0].id;
    const error = await chat
      .prompt()
      .request(withId('bob'))
      .resume(id, { approved: true })
      .content()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalForbiddenError);
    expect((error as Error).message).toBe(
      'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
    );
    expect(desk.closed).toEqual([]);
    expect(await chat.prompt().request(withId('alice')).resume(id, { approved: true }).content()).toBe(
      'Done.',
    );
    expect(desk.closed).toEqual([3]);
  });

  it('the default policy never matches a run saved without a caller id (by an earlier version)', async () => {
    const { chat, store } = setup([]);
    const now = Date.now();
    const run = {
      id: 'run-1',
      createdAt: now,
      expiresAt: now + 60_000,
      history: [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'x', name: 'closeTicket', arguments: '{"id":1}' }],
        },
      ],
      round: 1,
      finishReason: 'tool_calls',
      counter: { total: 1, perTool: { closeTicket: 1 } },
      records: [],
      responses: [null],
      pending: [
        {
          approvalId: 'approval-1',
          index: 0,
          toolCall: { id: 'x', name: 'closeTicket', arguments: '{"id":1}' },
          arguments: { id: 1 },
        },
      ],
      context: {},
    } as const;
    await store.save({
      id: run.id,
      expiresAt: run.expiresAt,
      approvals: [{ id: 'approval-1', toolName: 'closeTicket' }],
      run: encodePausedRun(run),
    });
    await expect(
      chat.prompt().request(withId('anyone')).resume('approval-1', { approved: true }).content(),
    ).rejects.toThrow(ApprovalForbiddenError);
  });
});
