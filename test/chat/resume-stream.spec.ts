import { ChatClient, InMemoryApprovalStore, type ChatStreamEvent } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { DeskTools } from '../approval/fixtures';

const ada = { user: { id: 'ada' } };

function setup() {
  const desk = new DeskTools();
  const model = new ScriptedChatModel([
    {
      toolCalls: [
        { id: 'a', name: 'closeTicket', arguments: { id: 7 } },
        { id: 'b', name: 'closeTicket', arguments: { id: 8 } },
      ],
    },
    'Both closed.',
  ]);
  const chat = ChatClient.create(
    model,
    { tools: [desk] },
    { approvals: { store: new InMemoryApprovalStore() } },
  );
  return { desk, model, chat };
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('ChatClientRequestSpec.resumeStream()', () => {
  it('streams the open approvals while some remain, then the rest of the run from the paused round', async () => {
    const { desk, model, chat } = setup();
    const paused = await chat.prompt('close 7 and 8').request(ada).call().chatResponse();
    const [first, second] = paused.pendingApprovals;

    const waiting = await collect(
      chat.prompt().request(ada).resumeStream(first.id, { approved: true }).events(),
    );
    expect(waiting.map((event) => event.type)).toEqual(['approval-required', 'finished']);
    expect(waiting[0]).toMatchObject({ approvals: [{ id: second.id }] });
    expect(desk.closed).toEqual([]);

    const rest = await collect(
      chat.prompt().request(ada).resumeStream(second.id, { approved: false, reason: 'no' }).events(),
    );
    expect(rest.map((event) => event.type)).toEqual([
      'tool-call-started',
      'tool-call-started',
      'tool-error',
      'tool-result',
      'text-delta',
      'text-delta',
      'text-delta',
      'round-finished',
      'finished',
    ]);
    expect(rest.at(-1)).toMatchObject({ text: 'Both closed.', rounds: 2 });
    expect(desk.closed).toEqual([7]);
    expect(model.requests).toHaveLength(2);
  });

  it('decides when iterated, and a second iteration finds the approval decided', async () => {
    const { chat } = setup();
    const paused = await chat.prompt('close 7 and 8').request(ada).call().chatResponse();
    const spec = chat.prompt().request(ada).resumeStream(paused.pendingApprovals[0].id, { approved: true });
    await collect(spec.events());
    await expect(collect(spec.events())).rejects.toThrow('has already been decided');
  });
});
