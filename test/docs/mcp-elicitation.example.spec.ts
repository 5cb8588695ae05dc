import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ChatClient, Tool, ToolContext } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { elicitationWiring } from '../../docs/examples/mcp-elicitation.example';

@Injectable()
class Tickets {
  @Tool({ description: 'Closes ticket 7, once the user confirms' })
  async closeTicket(context: ToolContext): Promise<string> {
    const answer = await context.elicit<{ confirm: boolean }>({
      message: 'Close ticket 7?',
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    return answer.action === 'accept' && answer.content.confirm ? 'closed' : `not closed (${answer.action})`;
  }
}

describe('docs/mcp.md: elicitation in ChatClient calls', () => {
  it("the module's default handler answers a tool of the injected ChatClient", async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: '1', name: 'closeTicket', arguments: {} }] },
      'Ticket 7 is closed.',
    ]);
    const asked: string[] = [];
    const { module } = elicitationWiring(model, async (message) => {
      asked.push(message);
      return { action: 'accept', content: { confirm: true } };
    });
    const moduleRef = await Test.createTestingModule({ imports: [module], providers: [Tickets] }).compile();
    await moduleRef.init();
    try {
      await moduleRef.get(ChatClient).prompt('close 7').call().content();
      expect(asked).toEqual(['Close ticket 7?']);
      expect(JSON.stringify(model.requests[1].messages)).toContain('closed');
    } finally {
      await moduleRef.close();
    }
  });

  it("the client's default handler answers its tools", async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: '1', name: 'closeTicket', arguments: {} }] },
      'Kept open.',
    ]);
    const { chat } = elicitationWiring(model, async () => ({ action: 'decline' }));
    await chat.prompt('close 7').tools(new Tickets()).call().content();
    expect(JSON.stringify(model.requests[1].messages)).toContain('not closed (decline)');
  });
});
