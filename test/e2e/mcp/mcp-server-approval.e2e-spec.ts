import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { TicketRepository } from '../../../sample-app/src/tickets/ticket.repository';
import { signIn, startSupportDesk } from '../sample-app/support-desk.app';

type Answer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };

/**
 * The sample's `closeTicket` (`@Tool({ approval: true })`, admins only) called by the official MCP client (SDK v2):
 * the approval is an `elicitation/create` to the calling client, inside the call.
 */
describe('approvals over MCP: the sample app and the official v2 client', () => {
  jest.setTimeout(60_000);
  let app: NestExpressApplication;
  let base: string;
  let tickets: TicketRepository;
  const clients: Client[] = [];

  beforeAll(async () => {
    const started = await startSupportDesk();
    app = started.app;
    base = started.url.replace('[::1]', '127.0.0.1');
    tickets = app.get(TicketRepository);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    jest.restoreAllMocks();
  });

  afterAll(() => app?.close());

  /** A client signed in as `user`; with `answer`, it declares elicitation and answers every question with it. */
  async function connect(
    user: string,
    answer?: (request: any, ctx: any) => Answer | Promise<Answer>,
  ): Promise<Client> {
    const authorization = await signIn(base, user);
    const client = new Client(
      { name: `${user}-client`, version: '1.0.0' },
      { capabilities: answer ? { elicitation: { form: {} } } : {} },
    );
    if (answer)
      client.setRequestHandler('elicitation/create', (request, ctx) => answer(request, ctx) as never);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization } },
      }),
    );
    clients.push(client);
    return client;
  }

  const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
  const text = (result: any) => result.content.map((block: any) => block.text).join('');

  it('alice approves through elicitation and the ticket closes exactly once', async () => {
    const ticket = tickets.create('acme', 'Printer on fire', 'high');
    const close = jest.spyOn(tickets, 'close');
    const asked: any[] = [];
    const alice = await connect('alice', (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { approve: true } };
    });
    expect(await toolNames(alice)).toContain('closeTicket');

    const result: any = await alice.callTool({ name: 'closeTicket', arguments: { id: ticket.id } });

    expect(result.isError).toBeFalsy();
    expect(JSON.parse(text(result))).toMatchObject({ id: ticket.id, status: 'closed' });
    expect(close).toHaveBeenCalledTimes(1);
    expect(tickets.find('acme', ticket.id)!.status).toBe('closed');
    expect(asked).toHaveLength(1);
    expect(asked[0].message).toContain('closeTicket');
    expect(asked[0].message).toContain(`{"id":${ticket.id}}`);
    expect(asked[0].requestedSchema.properties.approve).toMatchObject({ type: 'boolean' });
  });

  it.each([
    ['declines', { action: 'decline' } as Answer],
    ['cancels', { action: 'cancel' } as Answer],
    ['accepts with approve false', { action: 'accept', content: { approve: false } } as Answer],
  ])('alice %s: the ticket stays open and the result says it was not approved', async (_how, answer) => {
    const ticket = tickets.create('acme', 'Door squeaks', 'low');
    const close = jest.spyOn(tickets, 'close');
    let asked = 0;
    const alice = await connect('alice', () => {
      asked++;
      return answer;
    });

    const result: any = await alice.callTool({ name: 'closeTicket', arguments: { id: ticket.id } });

    expect(result.isError).toBe(true);
    expect(text(result)).toBe('the call of closeTicket was not approved, so it did not run');
    expect(asked).toBe(1);
    expect(close).not.toHaveBeenCalled();
    expect(tickets.find('acme', ticket.id)!.status).not.toBe('closed');
  });

  it('asks again on every call: an approval is for one call only', async () => {
    const first = tickets.create('acme', 'Fan noisy', 'low');
    const second = tickets.create('acme', 'Fan still noisy', 'low');
    const answers: Answer[] = [
      { action: 'accept', content: { approve: true } },
      { action: 'decline' },
      { action: 'accept', content: { approve: true } },
    ];
    const asked: string[] = [];
    const alice = await connect('alice', (request) => {
      asked.push(request.params.message);
      return answers[asked.length - 1];
    });

    const one: any = await alice.callTool({ name: 'closeTicket', arguments: { id: first.id } });
    const two: any = await alice.callTool({ name: 'closeTicket', arguments: { id: second.id } });
    const three: any = await alice.callTool({ name: 'closeTicket', arguments: { id: second.id } });

    expect(one.isError).toBeFalsy();
    expect(two.isError).toBe(true);
    expect(three.isError).toBeFalsy();
    expect(asked).toHaveLength(3);
    expect(asked[1]).toContain(`{"id":${second.id}}`);
    expect(tickets.find('acme', second.id)!.status).toBe('closed');
  });

  it('serves two of alice’s clients at once, each asked on its own session', async () => {
    const a = tickets.create('acme', 'Desk wobbles', 'low');
    const b = tickets.create('acme', 'Chair wobbles', 'low');
    const askedA: string[] = [];
    const askedB: string[] = [];
    const first = await connect('alice', (request) => {
      askedA.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    const second = await connect('alice', (request) => {
      askedB.push(request.params.message);
      return { action: 'decline' };
    });

    const [one, two]: any[] = await Promise.all([
      first.callTool({ name: 'closeTicket', arguments: { id: a.id } }),
      second.callTool({ name: 'closeTicket', arguments: { id: b.id } }),
    ]);

    expect(one.isError).toBeFalsy();
    expect(two.isError).toBe(true);
    expect(askedA).toEqual([expect.stringContaining(`{"id":${a.id}}`)]);
    expect(askedB).toEqual([expect.stringContaining(`{"id":${b.id}}`)]);
    expect(tickets.find('acme', a.id)!.status).toBe('closed');
    expect(tickets.find('acme', b.id)!.status).not.toBe('closed');
  });

  it('withdraws the question when the call is cancelled: the tool does not run', async () => {
    const ticket = tickets.create('acme', 'Heater hums', 'low');
    const close = jest.spyOn(tickets, 'close');
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    const withdrawn = new Promise<unknown>((resolve) => {
      void connect('alice', (_request, ctx) => {
        asked();
        // Never answered: only the server's cancellation ends the question.
        return new Promise<Answer>(() =>
          ctx.mcpReq.signal.addEventListener('abort', () => resolve(ctx.mcpReq.signal.reason)),
        );
      }).then((alice) => {
        const abort = new AbortController();
        void wasAsked.then(() => abort.abort());
        alice
          .callTool({ name: 'closeTicket', arguments: { id: ticket.id } }, { signal: abort.signal })
          .catch(() => undefined);
      });
    });

    await withdrawn;
    expect(close).not.toHaveBeenCalled();
    expect(tickets.find('acme', ticket.id)!.status).not.toBe('closed');
  });

  it('refuses bob (an agent, not an admin) even when his client can answer: he is never asked', async () => {
    const ticket = tickets.create('acme', 'Window stuck', 'high');
    const asked: unknown[] = [];
    const bob = await connect('bob', (request) => {
      asked.push(request);
      return { action: 'accept', content: { approve: true } };
    });

    expect(await toolNames(bob)).not.toContain('closeTicket');
    const result: any = await bob.callTool({ name: 'closeTicket', arguments: { id: ticket.id } });

    expect(result.isError).toBe(true);
    expect(text(result)).toBe('unknown tool "closeTicket"');
    expect(asked).toEqual([]);
    expect(tickets.find('acme', ticket.id)!.status).not.toBe('closed');
  });

  it('hides the tool from a client that cannot answer an elicitation, even alice’s', async () => {
    const ticket = tickets.create('acme', 'Lamp flickers', 'low');
    const alice = await connect('alice');

    const names = await toolNames(alice);
    expect(names).toContain('listTickets');
    expect(names).not.toContain('closeTicket');
    const result: any = await alice.callTool({ name: 'closeTicket', arguments: { id: ticket.id } });
    expect(result.isError).toBe(true);
    expect(tickets.find('acme', ticket.id)!.status).not.toBe('closed');
  });
});
