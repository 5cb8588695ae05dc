import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  CHAT_MODEL,
  ChatClient,
  ChatModelRateLimitError,
  type ToolExecutionExceptionProcessor,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ChatScript } from 'nestjs-tool-calling/testing';
import { DeskModule, HideInternalErrors, TicketTools } from '../../docs/examples/errors-and-limits.example';

async function desk(script: ChatScript): Promise<{ app: INestApplication; model: ScriptedChatModel }> {
  const model = new ScriptedChatModel(script);
  const moduleRef = await Test.createTestingModule({ imports: [DeskModule] })
    .overrideProvider(CHAT_MODEL)
    .useValue(model)
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, model };
}

function ask(app: INestApplication, question: string, role = 'customer') {
  return request(app.getHttpServer())
    .post('/desk')
    .set('x-tenant-id', 'acme')
    .set('x-role', role)
    .send({ question });
}

/** The tool results the model received in request `n` (from 0). */
function resultsSent(model: ScriptedChatModel, n: number): readonly ToolResponse[] {
  const last = model.requests[n].messages.at(-1)!;
  if (last.role !== 'tool') throw new Error(`request ${n} does not end with tool results`);
  return last.responses;
}

describe('docs/examples/errors-and-limits.example.ts', () => {
  describe('what the model sees', () => {
    async function resultsOf(calls: object[], processor?: ToolExecutionExceptionProcessor) {
      const model = new ScriptedChatModel([{ toolCalls: calls as never }, 'ok']);
      const chat = ChatClient.create(
        model,
        { tools: [new TicketTools()] },
        { toolCallingManager: { limits: { toolTimeoutMs: 50 }, exceptionProcessor: processor } },
      );
      await chat.prompt('go').toolContext({ tenantId: 'acme' }).call().content();
      return resultsSent(model, 1).map((response) => [response.result, response.isError]);
    }

    it('gets a precise error result for each kind of failure', async () => {
      const results = await resultsOf([
        { name: 'deleteTickets' },
        { name: 'closeTicket', arguments: '{"id": ' },
        { name: 'closeTicket', arguments: { ticket: 7 } },
        { name: 'closeTicket', arguments: { id: '7' } },
        { name: 'closeTicket', arguments: { id: 8 } },
        { name: 'refund', arguments: { id: 7 } },
        { name: 'monthlyReport' },
        { name: 'searchTickets', arguments: { text: 'printer', limit: null } },
      ]);
      expect(results).toEqual([
        [
          'Unknown tool "deleteTickets". The available tools are: "searchTickets", "closeTicket", "refund", ' +
            '"monthlyReport". Call one of them, or answer without a tool.',
          true,
        ],
        [
          expect.stringMatching(
            /^Invalid arguments for tool "closeTicket": the arguments are not valid JSON \(.+\)\. Correct the arguments and call the tool again\.$/,
          ),
          true,
        ],
        [
          'Invalid arguments for tool "closeTicket": id: is required but missing; ticket: is not an accepted ' +
            'property (accepted: id). Correct the arguments and call the tool again.',
          true,
        ],
        [
          'Invalid arguments for tool "closeTicket": id: must be number, received string "7". Correct the ' +
            'arguments and call the tool again.',
          true,
        ],
        ['there is no ticket #8', true],
        ['the payment gateway is down (ticket #7)', true],
        ['Tool "monthlyReport" did not finish within 50 ms and was cancelled.', true],
        ['["#7 \\"printer\\" (acme), reported by ann@example.com"]', false],
      ]);
    });

    it('is told about a missing context value, and the model never sees the context', async () => {
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'searchTickets', arguments: { text: 'x' } }] },
        'ok',
      ]);
      await ChatClient.create(model, { tools: [new TicketTools()] })
        .prompt('go')
        .toolContext({ role: 'agent', sessionToken: 'tok-91x' })
        .call()
        .content();
      expect(JSON.stringify(model.requests)).not.toContain('tok-91x');
      expect(resultsSent(model, 1)[0].result).toBe(
        'the tool context has no value for "tenantId", which tool "searchTickets" requires; pass it with ' +
          '.toolContext({ ... })',
      );
    });

    it('gets a neutral text for a tool that threw, with HideInternalErrors', async () => {
      const results = await resultsOf(
        [
          { name: 'closeTicket', arguments: { id: 8 } },
          { name: 'closeTicket', arguments: {} },
        ],
        new HideInternalErrors(),
      );
      expect(results).toEqual([
        ['Tool "closeTicket" failed. Do not call it again; tell the user to try later.', true],
        [
          'Invalid arguments for tool "closeTicket": id: is required but missing. Correct the arguments and call ' +
            'the tool again.',
          true,
        ],
      ]);
    });
  });

  describe('DeskModule', () => {
    it('denies closeTicket to a customer, with the hook’s message for the model', async () => {
      const { app, model } = await desk([
        { toolCalls: [{ name: 'closeTicket', arguments: { id: 7 } }] },
        'Please ask an agent.',
      ]);
      try {
        await ask(app, 'Close ticket 7').expect(201, 'Please ask an agent.');
        expect(resultsSent(model, 1)).toEqual([
          {
            id: 'call_1_1',
            name: 'closeTicket',
            result: 'Only support agents may close tickets. Tell the user to ask an agent.',
            isError: true,
          },
        ]);
        await ask(app, 'Close ticket 7', 'agent').expect(500); // the script has run out: the filter passes it on
      } finally {
        await app.close();
      }
    });

    it('lets an agent close a ticket', async () => {
      const { app, model } = await desk([
        { toolCalls: [{ name: 'closeTicket', arguments: { id: 7 } }] },
        'Closed.',
      ]);
      try {
        await ask(app, 'Close ticket 7', 'agent').expect(201, 'Closed.');
        expect(resultsSent(model, 1)[0]).toMatchObject({ result: 'closed #7', isError: false });
      } finally {
        await app.close();
      }
    });

    it('caps the limit the model asks for, redacts e-mail addresses, and keeps what the model sent', async () => {
      const { app, model } = await desk([
        { toolCalls: [{ name: 'searchTickets', arguments: { text: 'printer', limit: 500 } }] },
        'One ticket.',
      ]);
      const search = jest.spyOn(TicketTools.prototype, 'searchTickets');
      try {
        await ask(app, 'Printer tickets?').expect(201, 'One ticket.');
        expect(search).toHaveBeenCalledWith('printer', 20, expect.anything());
        expect(resultsSent(model, 1)[0].result).toBe('["#7 \\"printer\\" (acme), reported by [email]"]');
        const assistant = model.requests[1].messages.at(-2)!;
        expect(assistant.role === 'assistant' && assistant.toolCalls[0].arguments).toBe(
          '{"text":"printer","limit":500}',
        );
      } finally {
        search.mockRestore();
        await app.close();
      }
    });

    it('rethrows PaymentGatewayDownError: the call fails and the filter answers 503', async () => {
      const { app, model } = await desk([{ toolCalls: [{ name: 'refund', arguments: { id: 7 } }] }, 'never']);
      try {
        const response = await ask(app, 'Refund ticket 7', 'agent').expect(503);
        expect(response.body.message).toBe('Try again in a few minutes.');
        expect(model.requests).toHaveLength(1);
      } finally {
        await app.close();
      }
    });

    it("tells the model when rounds run out (onLimit: 'tell-model'), and answers 422 when it goes on anyway", async () => {
      const searching = { toolCalls: [{ name: 'searchTickets', arguments: { text: 'printer' } }] };
      const polite = await desk([...Array(5).fill(searching), 'Here is what I found.']);
      try {
        await ask(polite.app, 'Find everything').expect(201, 'Here is what I found.');
        expect(polite.model.requests.map((r) => r.options.toolChoice)).toEqual([
          ...Array(5).fill(undefined),
          'none',
        ]);
      } finally {
        await polite.app.close();
      }

      const stubborn = await desk(Array(6).fill(searching));
      try {
        const response = await ask(stubborn.app, 'Find everything').expect(422);
        expect(response.body.message).toBe('The question needs too many steps; ask something narrower.');
      } finally {
        await stubborn.app.close();
      }
    });

    it('answers 503 when the provider rate-limits', async () => {
      const { app } = await desk(() => {
        throw new ChatModelRateLimitError({ provider: 'openai', model: 'gpt-4o-mini', status: 429 });
      });
      try {
        await ask(app, 'Hello').expect(503);
      } finally {
        await app.close();
      }
    });
  });
});
