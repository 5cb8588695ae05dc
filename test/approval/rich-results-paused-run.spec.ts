import {
  ApprovalStateReadError,
  ChatClient,
  FunctionToolCallback,
  InMemoryApprovalStore,
  ResultPart,
  ToolResult,
  type ApprovalStore,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { RedisApprovalStore } from 'nestjs-tool-calling/redis';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { describeWithRedis } from '../support/redis-suite';
import { DeskTools } from './fixtures';

const ada = { user: { id: 'ada' } };
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

const chart = FunctionToolCallback.from({
  name: 'chart',
  fn: () =>
    ToolResult.of('chart of #4', ResultPart.image(PNG_BYTES, 'image/png')).withStructuredContent({ open: 1 }),
});

function replica(store: ApprovalStore, script: ConstructorParameters<typeof ScriptedChatModel>[0]) {
  const model = new ScriptedChatModel(script);
  const desk = new DeskTools();
  const chat = ChatClient.create(model, { tools: [desk], toolCallbacks: [chart] }, { approvals: { store } });
  return { chat, model, desk };
}

const ROUND = {
  toolCalls: [
    { id: 'a', name: 'chart' },
    { id: 'b', name: 'closeTicket', arguments: { id: 4 } },
  ],
};

/**
 * A round pauses with the image result of one call kept and the other call waiting; another replica resumes it:
 * the model's next request has the image as the first replica made it.
 */
async function pauseAndResume(store: ApprovalStore): Promise<string> {
  const first = replica(store, [ROUND]);
  const paused = await first.chat.prompt('Chart and close 4').request(ada).call().chatResponse();
  const [approval] = paused.pendingApprovals;
  expect(approval.toolCallId).toBe('b');

  const second = replica(store, ['Closed #4; here is the chart.']);
  const text = await second.chat.prompt().request(ada).resume(approval.id, { approved: true }).content();
  expect(text).toBe('Closed #4; here is the chart.');
  expect(second.model.toolResponses()).toEqual<ToolResponse[]>([
    {
      id: 'a',
      name: 'chart',
      result: 'chart of #4',
      isError: false,
      content: [
        { type: 'text', text: 'chart of #4' },
        { type: 'image', mediaType: 'image/png', data: PNG_BYTES.toString('base64') },
      ],
      structuredContent: { open: 1 },
    },
    { id: 'b', name: 'closeTicket', result: 'closed #4', isError: false },
  ]);
  return approval.id;
}

describe('a paused run keeps the rich results of its round', () => {
  it('in memory', async () => {
    await pauseAndResume(new InMemoryApprovalStore());
  });
});

describeWithRedis('a paused run keeps the rich results of its round in Redis', (live) => {
  it('across two replicas', async () => {
    await pauseAndResume(new RedisApprovalStore(live.client));
  });

  it('a stored part that is not one is an ApprovalStateReadError, and the approval stays open', async () => {
    const store = new RedisApprovalStore(live.client);
    const first = replica(store, [ROUND]);
    const [approval] = (await first.chat.prompt('go').request(ada).call().chatResponse()).pendingApprovals;
    const record = JSON.parse((await live.client.get(`nestjs-tool-calling:approval:${approval.id}`))!) as {
      runId: string;
    };
    const runKey = `nestjs-tool-calling:approval-run:${record.runId}`;
    const stored = JSON.parse((await live.client.get(runKey))!) as { version: number; data: string };
    const run = JSON.parse(stored.data) as { responses: ({ content?: unknown[] } | null)[] };
    run.responses[0]!.content = [{ type: 'image', mediaType: 'image/png' }];
    await live.client.set(runKey, JSON.stringify({ ...stored, data: JSON.stringify(run) }), 'KEEPTTL');

    const error = await first.chat
      .prompt()
      .request(ada)
      .resume(approval.id, { approved: true })
      .content()
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApprovalStateReadError);
    expect((error as Error).message).toBe(
      'the paused run of this approval cannot be read: a result of the round has a malformed part; the approval ' +
        'was left undecided',
    );
    expect(first.desk.closed).toEqual([]);
  });
});
