import { ChatClient, InMemoryApprovalStore } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { DeskTools } from './fixtures';

const ada = { user: { id: 'ada' } };
const TTL_MS = 60_000;
const RETAIN_MS = 10_000;

describe('InMemoryApprovalStore', () => {
  let now: number;
  beforeEach(() => {
    now = Date.parse('2026-12-01T12:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  const store = () => new InMemoryApprovalStore(RETAIN_MS);

  /** Pauses a call of closeTicket(id) into `approvals`; the approval's id. */
  async function pause(approvals: InMemoryApprovalStore, id: number): Promise<string> {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id } }] }]);
    const chat = ChatClient.create(
      model,
      { tools: [new DeskTools()] },
      { approvals: { store: approvals, ttlMs: TTL_MS } },
    );
    const response = await chat.prompt(`Close ${id}`).request(ada).call().chatResponse();
    return response.pendingApprovals[0].id;
  }

  it('keeps a decided approval until its run expired and the retention passed, then forgets it', async () => {
    const approvals = store();
    const first = await pause(approvals, 1);
    await approvals.decide(first, { approved: false });
    expect((await approvals.find(first)).status).toBe('decided');

    now += TTL_MS + RETAIN_MS - 1;
    await pause(approvals, 2);
    expect((await approvals.find(first)).status).toBe('decided');

    now += 2_000;
    await pause(approvals, 3);
    expect((await approvals.find(first)).status).toBe('unknown');
  });

  it('looks for entries to remove at most once a second, however many saves there are', async () => {
    const approvals = store();
    const start = now;
    const first = await pause(approvals, 1);
    now = start + 400;
    const second = await pause(approvals, 2);

    const sweep = start + TTL_MS + RETAIN_MS + 1;
    now = sweep; // the first is due: this save's pass removes it; the second is due 400 ms later
    await pause(approvals, 3);
    expect((await approvals.find(first)).status).toBe('unknown');
    expect((await approvals.find(second)).status).toBe('expired');

    now = sweep + 500; // the second is due, but the last pass is less than a second old
    await pause(approvals, 4);
    expect((await approvals.find(second)).status).toBe('expired');

    now = sweep + 1_000;
    await pause(approvals, 5);
    expect((await approvals.find(second)).status).toBe('unknown');
  });
});
