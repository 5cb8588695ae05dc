import {
  ApprovalAlreadyDecidedError,
  ApprovalCallerUnknownError,
  ApprovalExpiredError,
  ApprovalNotFoundError,
  ChatClient,
  InMemoryApprovalStore,
  InvalidChatRequestError,
  MessageWindowChatMemory,
  MessageChatMemoryAdvisor,
  toolResponseMessage,
  ToolCallingOptionsError,
  ApprovalStateReadError,
  type ApprovalDecision,
  type ApprovalLookup,
  type ApprovalStore,
  type DecideOutcome,
  type PausedRunEntry,
  type ChatStreamEvent,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { DeskTools } from './fixtures';

const asUser = (id: string | undefined) => ({ user: id === undefined ? undefined : { id } });
const ada = asUser('ada');

function setup(script: ConstructorParameters<typeof ScriptedChatModel>[0], ttlMs?: number) {
  const desk = new DeskTools();
  const model = new ScriptedChatModel(script);
  const store = new InMemoryApprovalStore();
  const chat = ChatClient.create(model, { tools: [desk] }, { approvals: { store, ttlMs } });
  return { desk, model, chat, store };
}

describe('human approval', () => {
  it('pauses a call that needs approval; the other calls of the round run at once', async () => {
    const { desk, model, chat } = setup([
      {
        toolCalls: [
          { id: 'a', name: 'weather', arguments: { city: 'Oslo' } },
          { id: 'b', name: 'closeTicket', arguments: { id: 7 } },
        ],
      },
    ]);
    const response = await chat.prompt('Close 7 and weather').request(asUser('ada')).call().chatResponse();
    expect(desk.closed).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(response.pendingApprovals).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{43}$/),
        toolName: 'closeTicket',
        toolCallId: 'b',
        arguments: { id: 7 },
        expiresAt: expect.any(String),
      },
    ]);
    expect(response.toolExecutions.map((r) => r.toolResponse.result)).toEqual(['Oslo: sunny']);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('approved: the tool runs with the stored arguments and the loop goes on; single-use', async () => {
    const { desk, model, chat } = setup([
      {
        toolCalls: [
          { id: 'a', name: 'weather', arguments: { city: 'Oslo' } },
          { id: 'b', name: 'closeTicket', arguments: { id: 7 } },
        ],
      },
      'Closed #7; sunny in Oslo.',
    ]);
    const paused = await chat.prompt('Close 7').request(asUser('ada')).call().chatResponse();
    const id = paused.pendingApprovals[0].id;
    const resumed = await chat
      .prompt()
      .request(asUser('ada'))
      .toolContext({ tenant: 't1' })
      .resume(id, { approved: true })
      .chatResponse();
    expect(desk.closed).toEqual([7]);
    expect(desk.contexts[0].get('tenant')).toBe('t1');
    expect(resumed.text).toBe('Closed #7; sunny in Oslo.');
    expect(resumed.rounds).toBe(2);
    expect(resumed.pendingApprovals).toEqual([]);
    expect(resumed.toolExecutions.map((r) => r.toolCall.name)).toEqual(['weather', 'closeTicket']);
    expect(model.requests[1].messages.at(-1)).toEqual(
      toolResponseMessage([
        { id: 'a', name: 'weather', result: 'Oslo: sunny', isError: false },
        { id: 'b', name: 'closeTicket', result: 'closed #7', isError: false },
      ]),
    );
    await expect(
      chat.prompt().request(asUser('ada')).resume(id, { approved: true }).content(),
    ).rejects.toThrow(new ApprovalAlreadyDecidedError('closeTicket'));
    expect(desk.closed).toEqual([7]);
  });

  it('denied: the model is told, with the reason, and the tool never runs', async () => {
    const { desk, model, chat } = setup([
      { toolCalls: [{ id: 'b', name: 'closeTicket', arguments: { id: 7 } }] },
      'I did not close it.',
    ]);
    const paused = await chat.prompt('Close 7').request(ada).call().chatResponse();
    const answer = await chat
      .prompt()
      .request(ada)
      .resume(paused.pendingApprovals[0].id, { approved: false, reason: 'still open work' })
      .content();
    expect(answer).toBe('I did not close it.');
    expect(desk.closed).toEqual([]);
    expect(model.requests[1].messages.at(-1)).toEqual(
      toolResponseMessage([
        {
          id: 'b',
          name: 'closeTicket',
          result:
            'The user did not approve the call of "closeTicket", so it was not run. Their reason: still open work. ' +
            'Do not try again unless the user asks; tell them it was not done.',
          isError: true,
        },
      ]),
    );
  });

  it('refuses unknown ids, other users, expired approvals and malformed decisions with typed errors', async () => {
    const { chat } = setup(
      [
        { toolCalls: [{ name: 'closeTicket', arguments: { id: 1 } }] },
        { toolCalls: [{ name: 'closeTicket', arguments: { id: 2 } }] },
      ],
      60_000,
    );
    const paused = await chat.prompt('Close 1').request(asUser('ada')).call().chatResponse();
    const id = paused.pendingApprovals[0].id;
    await expect(chat.prompt().request(ada).resume('nope', { approved: true }).content()).rejects.toThrow(
      new ApprovalNotFoundError(),
    );
    await expect(
      chat.prompt().request(asUser('bob')).resume(id, { approved: true }).content(),
    ).rejects.toThrow(
      'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
    );
    await expect(
      chat.prompt().request(asUser('')).resume(id, { approved: true }).content(),
    ).rejects.toBeInstanceOf(ApprovalCallerUnknownError);
    await expect(
      chat
        .prompt()
        .request(asUser('ada'))
        .resume(id, { approved: 'yes' } as never)
        .content(),
    ).rejects.toThrow(new InvalidChatRequestError('a decision is { approved: boolean, reason?: string }'));
    expect(() => chat.prompt('text').resume(id, { approved: true })).toThrow(InvalidChatRequestError);

    const short = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 2 } }] }]),
      { tools: [new DeskTools()] },
      { approvals: { store: new InMemoryApprovalStore(), ttlMs: 1 } },
    );
    const late = (await short.prompt('Close 2').request(ada).call().chatResponse()).pendingApprovals[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const error = await short
      .prompt()
      .request(ada)
      .resume(late.id, { approved: true })
      .content()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalExpiredError);
    expect((error as Error).message).toMatch(/^the approval of the call of "closeTicket" expired at \d{4}-/);
  });

  it('lets the app decide who may approve (e.g. an admin for anyone)', async () => {
    const desk = new DeskTools();
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 3 } }] }, 'done']),
      { tools: [desk] },
      {
        approvals: {
          store: new InMemoryApprovalStore(),
          callerId: (request) => (request as { who?: string } | undefined)?.who,
          mayDecide: (approval, caller) => caller.id === 'admin' || caller.id === approval.callerId,
        },
      },
    );
    const paused = await chat.prompt('Close 3').request({ who: 'ada' }).call().chatResponse();
    expect(
      await chat
        .prompt()
        .request({ who: 'admin' })
        .resume(paused.pendingApprovals[0].id, { approved: true })
        .content(),
    ).toBe('done');
    expect(desk.closed).toEqual([3]);
  });

  it('asks the policy with validated arguments: small refunds run, big ones wait, invalid ones go back to the model', async () => {
    const { desk, chat } = setup([
      {
        toolCalls: [
          { id: 's', name: 'refund', arguments: { amount: 20 } },
          { id: 'b', name: 'refund', arguments: { amount: 500 } },
          { id: 'x', name: 'refund', arguments: { amount: -1 } },
        ],
      },
    ]);
    const response = await chat.prompt('Refund').request(ada).call().chatResponse();
    expect(desk.refunds).toEqual([20]);
    expect(response.pendingApprovals.map((a) => [a.toolCallId, a.arguments])).toEqual([
      ['b', { amount: 500 }],
    ]);
    const invalid = response.toolExecutions.find((r) => r.toolCall.id === 'x')!.toolResponse;
    expect(invalid.isError).toBe(true);
    expect(invalid.result).toContain('amount');
  });

  it('with two approvals in a round: the first decision waits for the second, which goes on', async () => {
    const { desk, model, chat } = setup([
      {
        toolCalls: [
          { id: 'one', name: 'closeTicket', arguments: { id: 1 } },
          { id: 'two', name: 'closeTicket', arguments: { id: 2 } },
        ],
      },
      'One closed, two kept.',
    ]);
    const paused = await chat.prompt('Close 1 and 2').request(ada).call().chatResponse();
    const [first, second] = paused.pendingApprovals;
    const waiting = await chat.prompt().request(ada).resume(second.id, { approved: false }).chatResponse();
    expect(waiting.pendingApprovals.map((a) => a.id)).toEqual([first.id]);
    expect(model.requests).toHaveLength(1);
    expect(await chat.prompt().request(ada).resume(first.id, { approved: true }).content()).toBe(
      'One closed, two kept.',
    );
    expect(desk.closed).toEqual([1]);
    expect(model.requests[1].messages.at(-1)).toMatchObject({
      responses: [
        { id: 'one', isError: false },
        { id: 'two', isError: true },
      ],
    });
  });

  it('stream(): emits approval-required, then finished, and ends', async () => {
    const { chat } = setup([{ toolCalls: [{ id: 'b', name: 'closeTicket', arguments: { id: 9 } }] }]);
    const events: ChatStreamEvent[] = [];
    for await (const event of chat.prompt('Close 9').request(ada).stream().events()) events.push(event);
    expect(events.slice(-2)).toEqual([
      {
        type: 'approval-required',
        round: 1,
        approvals: [expect.objectContaining({ toolName: 'closeTicket', arguments: { id: 9 } })],
      },
      expect.objectContaining({
        type: 'finished',
        pendingApprovals: [expect.objectContaining({ toolCallId: 'b' })],
      }),
    ]);
    expect(events.filter((e) => e.type === 'tool-call-started')).toEqual([]);
  });

  it('with chat memory: the exchange is kept once the resumed call finishes, whole', async () => {
    const memory = new MessageWindowChatMemory();
    const desk = new DeskTools();
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'b', name: 'closeTicket', arguments: { id: 5 } }] },
      'Closed #5.',
      'You closed #5.',
    ]);
    const chat = ChatClient.create(
      model,
      { tools: [desk], advisors: [new MessageChatMemoryAdvisor(memory)] },
      { approvals: { store: new InMemoryApprovalStore() } },
    );
    const paused = await chat.prompt('Close 5').request(ada).conversationId('m1').call().chatResponse();
    expect(await memory.get('m1')).toEqual([]);
    const resumed = await chat
      .prompt()
      .request(ada)
      .resume(paused.pendingApprovals[0].id, { approved: true })
      .chatResponse();
    expect(resumed.context).toMatchObject({ chat_memory_conversation_id: 'm1' });
    expect((await memory.get('m1')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    await chat.prompt('What did I close?').conversationId('m1').call().content();
    expect(model.requests[2].messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
  });

  it('keeps the state server-side: ids are random, distinct, and carry nothing of the run', async () => {
    const { chat } = setup(
      Array.from({ length: 20 }, () => ({ toolCalls: [{ name: 'closeTicket', arguments: { id: 1 } }] })),
    );
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++)
      ids.add((await chat.prompt('Close').request(ada).call().chatResponse()).pendingApprovals[0].id);
    expect(ids.size).toBe(20);
    for (const id of ids) expect(Buffer.from(id, 'base64url')).toHaveLength(32);
  });

  it('without a store (a client made by hand), a call that needs approval fails, closed, and runs nothing', async () => {
    const desk = new DeskTools();
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 4 } }] }, 'never']),
      { tools: [desk] },
    );
    await expect(chat.prompt('Close 4').call().content()).rejects.toThrow(
      new ToolCallingOptionsError(
        'approvals.store',
        undefined,
        'an ApprovalStore (e.g. new InMemoryApprovalStore()) when a tool call needs approval',
      ),
    );
    expect(desk.closed).toEqual([]);
    await expect(chat.resume('x'.repeat(43), { approved: true }).content()).rejects.toThrow(
      /^Invalid option approvals\.store: undefined; expected an ApprovalStore/,
    );
  });

  it('hands a custom store opaque, versioned data and what it indexes; refuses a version it does not know', async () => {
    /** A store of the app's own: it keeps what it is given, and may be made to give back another version. */
    class RecordingStore implements ApprovalStore {
      readonly saved: PausedRunEntry[] = [];
      private readonly inner = new InMemoryApprovalStore();
      version?: number;
      save(entry: PausedRunEntry): Promise<void> {
        this.saved.push(entry);
        return this.inner.save(entry);
      }
      async find(approvalId: string): Promise<ApprovalLookup> {
        const found = await this.inner.find(approvalId);
        return found.status === 'pending' && this.version !== undefined
          ? { ...found, run: { ...found.run, version: this.version } }
          : found;
      }
      decide(approvalId: string, decision: ApprovalDecision): Promise<DecideOutcome> {
        return this.inner.decide(approvalId, decision);
      }
    }
    const store = new RecordingStore();
    const desk = new DeskTools();
    const chat = ChatClient.create(
      new ScriptedChatModel([
        { toolCalls: [{ id: 'b', name: 'closeTicket', arguments: { id: 9 } }] },
        'Closed #9.',
        { toolCalls: [{ id: 'c', name: 'closeTicket', arguments: { id: 10 } }] },
        'Closed #10.',
      ]),
      { tools: [desk] },
      { approvals: { store } },
    );
    const first = await chat.prompt('Close 9').request(asUser('ada')).call().chatResponse();
    expect(store.saved).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{43}$/),
        expiresAt: Date.parse(first.pendingApprovals[0].expiresAt),
        callerId: 'ada',
        approvals: [{ id: first.pendingApprovals[0].id, toolName: 'closeTicket' }],
        run: { version: 1, data: expect.any(String) },
      },
    ]);
    expect(
      await chat
        .prompt()
        .request(asUser('ada'))
        .resume(first.pendingApprovals[0].id, { approved: true })
        .content(),
    ).toBe('Closed #9.');

    const second = (await chat.prompt('Close 10').request(asUser('ada')).call().chatResponse())
      .pendingApprovals[0];
    store.version = 7;
    await expect(
      chat.prompt().request(asUser('ada')).resume(second.id, { approved: true }).content(),
    ).rejects.toThrow(
      new ApprovalStateReadError('its version 7 is not 1, the one this version of the library reads'),
    );
    expect(desk.closed).toEqual([9]);
    store.version = undefined;
    expect(await chat.prompt().request(asUser('ada')).resume(second.id, { approved: true }).content()).toBe(
      'Closed #10.',
    );
    expect(desk.closed).toEqual([9, 10]);
  });
});
