import {
  ChatClient,
  chatClientResponseOf,
  FunctionToolCallback,
  type ChatClientResponse,
  type ChatStreamEvent,
  type FinishedEvent,
  type ToolExecutionEligibilityContext,
  type ToolExecutionEligibilityPredicate,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

const lookup = FunctionToolCallback.from({ name: 'lookup', fn: () => 'order 7: shipped' });
const refund = FunctionToolCallback.from({ name: 'refund', fn: () => 'refunded' });
const tools = [lookup, refund];

/** The library runs look-ups; a response that asks for a refund goes back to the caller. */
const lookupsOnly: ToolExecutionEligibilityPredicate = (response) =>
  response.message.toolCalls.every((call) => call.name === 'lookup');

/** Round 1 looks the order up, round 2 asks for a refund, round 3 (after the app ran it) answers. */
function refundScript(): ScriptedChatModel {
  return new ScriptedChatModel([
    { toolCalls: [{ id: 'l1', name: 'lookup' }] },
    { toolCalls: [{ id: 'r1', name: 'refund' }] },
    'Your refund is on its way.',
  ]);
}

async function finishedOf(events: AsyncIterable<ChatStreamEvent>): Promise<FinishedEvent> {
  let finished: FinishedEvent | undefined;
  for await (const event of events) if (event.type === 'finished') finished = event;
  return finished!;
}

/** The app's part: run the calls handed back, then continue the conversation. */
async function continueWith(chat: ChatClient, response: Pick<ChatClientResponse, 'history' | 'message'>) {
  const round = await chat.toolCallingManager.executeToolCalls({
    history: response.history,
    message: response.message,
    tools,
  });
  return chat.prompt().messages(round.conversationHistory).call().content();
}

describe('a ToolExecutionEligibilityPredicate decides per model response who runs the tool calls', () => {
  it('call(): as the client default, the library runs the look-up and hands the refund back', async () => {
    const model = refundScript();
    const chat = ChatClient.create(
      model,
      { toolCallbacks: tools },
      {
        toolCallingManager: { internalToolExecution: lookupsOnly },
      },
    );

    const response = await chat.prompt('Refund order 7').call().chatResponse();

    expect(response.rounds).toBe(2);
    expect(response.toolExecutions.map((record) => record.toolCall.name)).toEqual(['lookup']);
    expect(response.pendingToolCalls).toEqual([{ id: 'r1', name: 'refund', arguments: '{}' }]);
    expect(response.history.at(-1)).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'refund' }] });

    await expect(continueWith(chat, response)).resolves.toBe('Your refund is on its way.');
    expect(model.requests[2].messages.at(-1)).toEqual({
      role: 'tool',
      responses: [{ id: 'r1', name: 'refund', result: 'refunded', isError: false }],
    });
  });

  it('stream(): the same, with the calls handed back in the finished event', async () => {
    const model = refundScript();
    const chat = ChatClient.create(model, { toolCallbacks: tools });

    const finished = await finishedOf(
      chat.prompt('Refund order 7').internalToolExecution(lookupsOnly).stream().events(),
    );

    expect(finished.rounds).toBe(2);
    expect(finished.pendingToolCalls).toEqual([{ id: 'r1', name: 'refund', arguments: '{}' }]);
    // The whole outcome (history and the last message) is beside the event, never in it (events go to browsers).
    await expect(continueWith(chat, chatClientResponseOf(finished)!)).resolves.toBe(
      'Your refund is on its way.',
    );
  });

  it('per request, over the client default (false: every call handed back; a predicate: its choice)', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ id: 'l1', name: 'lookup' }] }, 'Shipped.']);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: tools },
      {
        toolCallingManager: { internalToolExecution: false },
      },
    );
    await expect(
      chat.prompt('Where is order 7?').internalToolExecution(lookupsOnly).call().content(),
    ).resolves.toBe('Shipped.');
  });

  it('is told the round and the request options; only `true` runs the tools', async () => {
    const seen: ToolExecutionEligibilityContext[] = [];
    // As JavaScript (or an `any`) might write it: a truthy value that is not `true`.
    const answersYes = ((_response: unknown, context: ToolExecutionEligibilityContext) => {
      seen.push(context);
      return 'yes';
    }) as unknown as ToolExecutionEligibilityPredicate;
    const model = new ScriptedChatModel([{ toolCalls: [{ id: 'l1', name: 'lookup' }] }]);
    const response = await ChatClient.create(model, { toolCallbacks: tools })
      .prompt('Where is order 7?')
      .options({ temperature: 0 })
      .internalToolExecution(answersYes)
      .call()
      .chatResponse();
    expect(seen).toEqual([{ round: 1, options: { temperature: 0 } }]);
    expect(response.pendingToolCalls).toHaveLength(1);
    expect(response.toolExecutions).toEqual([]);
  });

  it('what it throws fails the call', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ id: 'l1', name: 'lookup' }] }]);
    const failing: ToolExecutionEligibilityPredicate = () => {
      throw new Error('policy service down');
    };
    await expect(
      ChatClient.create(model, { toolCallbacks: tools })
        .prompt('go')
        .internalToolExecution(failing)
        .call()
        .content(),
    ).rejects.toThrow('policy service down');
  });
});
