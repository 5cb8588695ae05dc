import {
  ApprovalAlreadyDecidedError,
  ApprovalStateReadError,
  ChatClient,
  StateStoreUnavailableError,
} from 'nestjs-tool-calling';
import { RedisApprovalStore } from 'nestjs-tool-calling/redis';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { freePort } from '../support/redis-server';
import { describeWithRedis } from '../support/redis-suite';
import { DeskTools } from './fixtures';

const ada = { user: { id: 'ada' } };

describeWithRedis('RedisApprovalStore', (live) => {
  function replica(script: ConstructorParameters<typeof ScriptedChatModel>[0], desk = new DeskTools()) {
    const model = new ScriptedChatModel(script);
    const chat = ChatClient.create(
      model,
      { tools: [desk] },
      { approvals: { store: new RedisApprovalStore(live.client) } },
    );
    return { chat, model, desk };
  }

  it('pauses on one replica and resumes on another; a second decision is refused', async () => {
    const a = replica([{ toolCalls: [{ id: 'c', name: 'closeTicket', arguments: { id: 4 } }] }]);
    const b = replica(['Closed #4.']);
    const paused = await a.chat.prompt('Close 4').request(ada).call().chatResponse();
    const [approval] = paused.pendingApprovals;
    expect(await live.client.exists(`nestjs-tool-calling:approval:${approval.id}`)).toBe(1);

    expect(await b.chat.prompt().request(ada).resume(approval.id, { approved: true }).content()).toBe(
      'Closed #4.',
    );
    expect(b.desk.closed).toEqual([4]);
    expect(a.desk.closed).toEqual([]);
    expect(b.model.requests[0].messages.at(-1)).toMatchObject({
      role: 'tool',
      responses: [{ id: 'c', result: 'closed #4' }],
    });
    await expect(
      a.chat.prompt().request(ada).resume(approval.id, { approved: true }).content(),
    ).rejects.toThrow(ApprovalAlreadyDecidedError);
  });

  it('lets exactly one of many concurrent deciders continue the run', async () => {
    const a = replica([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 8 } }] }]);
    const desk = new DeskTools();
    const deciders = Array.from({ length: 5 }, () => replica(['done'], desk));
    const id = (await a.chat.prompt('Close 8').request(ada).call().chatResponse()).pendingApprovals[0].id;
    const outcomes = await Promise.allSettled(
      deciders.map((d) => d.chat.prompt().request(ada).resume(id, { approved: true }).content()),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(desk.closed).toEqual([8]);
  });

  it('an unreachable Redis fails the call with a typed error before any tool runs', async () => {
    const port = await freePort();
    const store = new RedisApprovalStore(`redis://127.0.0.1:${port}`);
    const desk = new DeskTools();
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 1 } }] }]),
      { tools: [desk] },
      { approvals: { store } },
    );
    await expect(chat.prompt('Close 1').request(ada).call().content()).rejects.toThrow(
      /^the Redis approval store is unreachable \(save\): .*; nothing was written$/,
    );
    await expect(
      chat.prompt().request(ada).resume('x'.repeat(43), { approved: true }).content(),
    ).rejects.toBeInstanceOf(StateStoreUnavailableError);
    expect(desk.closed).toEqual([]);
    await store.close();
  });

  /** The run key of the paused run that `approvalId` belongs to. */
  async function runKeyOf(approvalId: string): Promise<string> {
    const record = JSON.parse((await live.client.get(`nestjs-tool-calling:approval:${approvalId}`))!) as {
      runId: string;
    };
    return `nestjs-tool-calling:approval-run:${record.runId}`;
  }

  it('keeps the loop’s run as opaque, versioned data', async () => {
    const a = replica([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 5 } }] }]);
    const [approval] = (await a.chat.prompt('Close 5').request(ada).call().chatResponse()).pendingApprovals;
    const stored = JSON.parse((await live.client.get(await runKeyOf(approval.id)))!) as Record<
      string,
      unknown
    >;
    expect(Object.keys(stored).sort()).toEqual(['data', 'version']);
    expect(stored.version).toBe(1);
    expect(typeof stored.data).toBe('string');
  });

  it('resumes a run paused by 0.1, which kept the snapshot itself (with v: 1)', async () => {
    const a = replica([{ toolCalls: [{ id: 'c', name: 'closeTicket', arguments: { id: 6 } }] }]);
    const b = replica(['Closed #6.']);
    const [approval] = (await a.chat.prompt('Close 6').request(ada).call().chatResponse()).pendingApprovals;
    const runKey = await runKeyOf(approval.id);
    const { data } = JSON.parse((await live.client.get(runKey))!) as { data: string };
    // What 0.1's RedisApprovalStore wrote under the run key: JSON.stringify(pausedRun), its first field v: 1.
    await live.client.set(runKey, JSON.stringify({ v: 1, ...(JSON.parse(data) as object) }), 'KEEPTTL');

    expect(await b.chat.prompt().request(ada).resume(approval.id, { approved: true }).content()).toBe(
      'Closed #6.',
    );
    expect(b.desk.closed).toEqual([6]);
  });

  it('refuses a run of a version it does not know with a typed error, and leaves the approval open', async () => {
    const a = replica([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 7 } }] }]);
    const [approval] = (await a.chat.prompt('Close 7').request(ada).call().chatResponse()).pendingApprovals;
    const runKey = await runKeyOf(approval.id);
    await live.client.set(runKey, JSON.stringify({ version: 2, data: '{}' }), 'KEEPTTL');

    const error = await a.chat
      .prompt()
      .request(ada)
      .resume(approval.id, { approved: true })
      .content()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalStateReadError);
    expect((error as Error).message).toBe(
      'the paused run of this approval cannot be read: its version 2 is not 1, the one this version of the ' +
        'library reads; the approval was left undecided',
    );
    expect(a.desk.closed).toEqual([]);
    const store = new RedisApprovalStore(live.client);
    expect((await store.find(approval.id)).status).toBe('pending');

    await live.client.set(runKey, '{"neither":true}', 'KEEPTTL');
    await expect(store.find(approval.id)).rejects.toThrow(
      'the paused run of this approval cannot be read: it has neither a version and data nor the layout of 0.1; ' +
        'the approval was left undecided',
    );
  });
});
