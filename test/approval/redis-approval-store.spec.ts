import { ApprovalAlreadyDecidedError, ChatClient, StateStoreUnavailableError } from '../../lib';
import { RedisApprovalStore } from '../../lib/approval/redis-approval-store';
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
});
