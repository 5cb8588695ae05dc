import { ChatClient, Tool, ToolParam } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

class BookingTools {
  @Tool({ description: 'Book a table; the confirmation is the answer', returnDirect: true })
  bookTable(@ToolParam() restaurant: string): string {
    return `Booked a table at ${restaurant}.`;
  }

  @Tool({ description: 'Send the invoice; the receipt is the answer', returnDirect: true })
  sendInvoice(@ToolParam() email: string): object {
    return { sentTo: email };
  }

  @Tool({ description: 'Opening hours of a restaurant' })
  openingHours(@ToolParam() restaurant: string): string {
    return `${restaurant}: 12:00-23:00`;
  }
}

describe('returnDirect', () => {
  it('ends the call with the result of a returnDirect tool, without another model request', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'bookTable', arguments: { restaurant: 'Chez Marie' } }], usage: usageOf(5) },
    ]);
    const chat = ChatClient.create(model, { tools: [new BookingTools()] });

    const response = await chat.prompt('Book Chez Marie').call().chatResponse();

    expect(response.text).toBe('Booked a table at Chez Marie.');
    expect(response.returnDirect).toEqual([
      { id: 'call_1_1', name: 'bookTable', result: 'Booked a table at Chez Marie.', isError: false },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rounds).toBe(1);
    expect(response.usage).toEqual(usageOf(5));
    expect(response.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(model.requests).toHaveLength(1);
  });

  it('returns every result when two returnDirect tools are called, in call order, one per line', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'bookTable', arguments: { restaurant: 'Chez Marie' } },
          { name: 'sendInvoice', arguments: { email: 'ann@example.com' } },
        ],
      },
    ]);
    const chat = ChatClient.create(model, { tools: [new BookingTools()] });

    const response = await chat.prompt('Book and invoice').call().chatResponse();

    expect(response.text).toBe('Booked a table at Chez Marie.\n{"sentTo":"ann@example.com"}');
    expect(response.returnDirect?.map((r) => r.name)).toEqual(['bookTable', 'sendInvoice']);
    expect(model.requests).toHaveLength(1);
  });

  it('goes on with the model when a round mixes returnDirect and other tools', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'openingHours', arguments: { restaurant: 'Chez Marie' } },
          { name: 'bookTable', arguments: { restaurant: 'Chez Marie' } },
        ],
      },
      'Booked; it opens at noon.',
    ]);
    const response = await ChatClient.create(model, { tools: [new BookingTools()] })
      .prompt('Book')
      .call()
      .chatResponse();
    expect(response.text).toBe('Booked; it opens at noon.');
    expect(response.returnDirect).toBeUndefined();
    expect(model.requests).toHaveLength(2);
  });

  it('goes on with the model when a returnDirect call failed, so that it can correct itself', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'bookTable', arguments: { place: 'Chez Marie' } }] },
      { toolCalls: [{ name: 'bookTable', arguments: { restaurant: 'Chez Marie' } }] },
    ]);
    const answer = await ChatClient.create(model, { tools: [new BookingTools()] })
      .prompt('Book')
      .call()
      .content();
    expect(answer).toBe('Booked a table at Chez Marie.');
    expect(model.requests).toHaveLength(2);
  });
});

function usageOf(tokens: number) {
  return { promptTokens: tokens, completionTokens: tokens, totalTokens: 2 * tokens };
}
