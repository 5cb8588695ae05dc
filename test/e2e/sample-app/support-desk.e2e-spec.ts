import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ChatClient, ToolCallbackRegistry, ToolContext } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runDemo, runMcpDemo } from '../../../sample-app/src/demo';
import { parseSse, signIn, startSupportDesk } from './support-desk.app';

describe('sample app: the support desk over HTTP (offline model)', () => {
  let app: NestExpressApplication;
  let url: string;
  const tokens = new Map<string, string>();
  const ask = (question: string, user = 'alice', conversationId?: string) =>
    request(url).post('/chat').set('authorization', tokens.get(user)!).send({ question, conversationId });
  const decide = (id: string, decision: object, user = 'alice') =>
    request(url).post(`/chat/approvals/${id}`).set('authorization', tokens.get(user)!).send(decision);

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    ({ app, url } = await startSupportDesk());
    for (const user of ['alice', 'bob', 'carol']) tokens.set(user, await signIn(url, user));
  });
  afterAll(() => app.close());

  it('says which model answers', async () => {
    await request(url)
      .get('/chat/model')
      .set('authorization', tokens.get('alice')!)
      .expect(200, { model: 'offline demo model (no network)' });
  });

  describe('authentication', () => {
    it('signs a demo user in with a JWT, and refuses wrong credentials with 401', async () => {
      const { body } = await request(url)
        .post('/auth/login')
        .send({ username: 'bob', password: 'demo' })
        .expect(200);
      expect(body.access_token.split('.')).toHaveLength(3);
      await request(url)
        .get('/auth/me')
        .set('authorization', `Bearer ${body.access_token}`)
        .expect(200, { username: 'bob', tenant: 'acme', roles: ['agent'] });
      await request(url).post('/auth/login').send({ username: 'bob', password: 'nope' }).expect(401);
      await request(url).post('/auth/login').send({ username: 'mallory', password: 'demo' }).expect(401);
    });

    it('refuses every /chat route without a valid Bearer token', async () => {
      for (const path of ['/chat/model', '/chat/tools', '/chat/stream?question=hi'])
        await request(url).get(path).expect(401);
      await request(url).post('/chat').send({ question: 'hi' }).expect(401);
      await request(url)
        .post('/chat')
        .set('authorization', 'Bearer not.a.jwt')
        .send({ question: 'hi' })
        .expect(401);
    });

    it('takes the tenant from the signed-in user, never from a header', async () => {
      const { body } = await ask('List my tickets', 'alice').set('x-tenant-id', 'globex').expect(201);
      expect(JSON.stringify(JSON.parse(body.toolCalls[0].result))).not.toContain('Email quota exceeded');
    });
  });

  describe('closeTicket: RolesGuard + @Roles("admin") on the tool method', () => {
    it('offers it to admins only', async () => {
      const tools = async (user: string) =>
        (await request(url).get('/chat/tools').set('authorization', tokens.get(user)!).expect(200)).body
          .tools as string[];
      expect(await tools('alice')).toContain('closeTicket');
      expect(await tools('carol')).toContain('closeTicket');
      expect(await tools('bob')).not.toContain('closeTicket');
      expect(await tools('bob')).toContain('listTickets');
    });

    it('keeps the ticket open when bob asks, and closes it when alice does', async () => {
      const created = JSON.parse(
        (await ask('Open a new ticket about "Fax smells of smoke"', 'bob').expect(201)).body.toolCalls[0]
          .result,
      );
      const bob = (await ask(`Close ticket ${created.id}`, 'bob').expect(201)).body;
      expect(bob.toolCalls).toEqual([]);
      expect(bob.answer).toBe(
        'I may not close that for you: none of the tools I was given can close anything.\n\n' +
          '(Offline model, not a language model: it picks tools by the words of your question and repeats ' +
          'their results. Configure a provider to get real answers.)',
      );
      const still = JSON.parse(
        (await ask(`Show ticket #${created.id}`, 'bob').expect(201)).body.toolCalls[0].result,
      );
      expect(still).toMatchObject({ id: created.id, status: 'open' });
      const asked = (await ask(`Close ticket ${created.id}`, 'alice').expect(201)).body;
      expect(asked.pendingApprovals).toEqual([expect.objectContaining({ toolName: 'closeTicket' })]);
      const alice = (await decide(asked.pendingApprovals[0].id, { approved: true }, 'alice').expect(201))
        .body;
      expect(JSON.parse(alice.toolCalls[0].result)).toMatchObject({ id: created.id, status: 'closed' });
    });

    it('refuses bob a call the model makes anyway: unknown in his chat, not permitted on the tool itself', async () => {
      const registry = app.get(ToolCallbackRegistry);
      const bob = { user: { username: 'bob', tenant: 'acme', roles: ['agent'] }, headers: {} };
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'closeTicket', arguments: { id: 2 } }] },
        'ok',
      ]);
      const chat = ChatClient.create(model, { toolCallbacks: [...registry.getToolCallbacks()] });
      const response = await chat
        .prompt()
        .request(bob)
        .toolContext({ tenantId: 'acme', user: 'bob' })
        .user('close ticket 2')
        .call()
        .chatResponse();
      expect(response.toolExecutions[0].toolResponse).toMatchObject({ isError: true });
      expect(response.toolExecutions[0].toolResponse.result).toMatch(/^Unknown tool "closeTicket"/);
      const context = ToolContext.of({ tenantId: 'acme', user: 'bob' }).withExecution({
        request: bob,
        conversation: {},
      });
      await expect(registry.get('closeTicket')!.call('{"id":2}', context)).rejects.toThrow(
        'not permitted: the caller may not use the tool "closeTicket"',
      );
      const ticket = JSON.parse((await ask('Show ticket #2', 'alice').expect(201)).body.toolCalls[0].result);
      expect(ticket).toMatchObject({ id: 2, status: 'open' });
    });
  });

  it('runs the demo conversation', async () => {
    const lines: string[] = [];
    await runDemo(url, (line) => lines.push(line));
    const text = lines.join('\n');
    expect(text).toContain('Support desk sample — model: offline demo model (no network)');
    expect(text).toContain('tool getWeather({"city":"Paris"})');
    expect(text).toContain('tool getWeather({"city":"Rome"})');
    expect(text).toContain('tool listTickets({"status":"open"})');
    expect(text).toContain('tool createTicket({"title":"Coffee machine leaks"})');
    expect(text).toContain(
      '⏸ closeTicket({"id":1}) waits for approval\n    ✔ approved by alice\n    tool closeTicket({"id":1})',
    );
    expect(text).toContain('Close ticket: id 1, title Printer on floor 3 is jammed, status closed');
    expect(text).toContain(
      '⏸ closeTicket({"id":2}) waits for approval\n    ✘ denied by alice: the VPN still drops every hour\n    tool closeTicket({"id":2}) ✗ error',
    );
    expect(text).toContain('Their reason: the VPN still drops every hour');
    expect(text).toContain('4,Email quota exceeded,open,normal');
    expect(text).toContain(
      'Tools offered for alice@acme admin: listTickets, getTicket, createTicket, closeTicket, exportTickets, summariseTickets, chartTickets',
    );
    expect(text).toMatch(
      /Tools offered for bob@acme agent: listTickets, getTicket, createTicket, exportTickets, summariseTickets, chartTickets/,
    );
    expect(text).toContain(
      '[bob@acme agent] › Close ticket 1\n  I may not close that for you: none of the tools I was given can close anything.',
    );
    expect(text).toContain(
      '[alice@acme admin] › Close ticket 1\n    ⏸ closeTicket({"id":1}) waits for approval',
    );
    expect(text).toMatch(/"id":1,"title":"Printer on floor 3 is jammed","status":"closed"/);
    expect(text).toContain('tool searchKnowledgeBase({"query":"VPN access"})');
    expect(text).toContain('VPN access from home');
  });

  it('answers a question with two parallel tool calls and their results', async () => {
    const { body } = await ask('What is the weather in Paris and Rome?').expect(201);
    expect(body.toolCalls.map((c: any) => [c.name, c.arguments, c.isError])).toEqual([
      ['getWeather', { city: 'Paris' }, false],
      ['getWeather', { city: 'Rome' }, false],
    ]);
    expect(JSON.parse(body.toolCalls[0].result)).toMatchObject({ city: 'Paris', unit: 'C' });
    expect(body.answer).toMatch(
      /^Here is what I found for "What is the weather in Paris and Rome\?":\n- Get weather: city Paris/,
    );
    expect(body.rounds).toBe(2);
    expect(body.usage.totalTokens).toBeGreaterThan(0);
  });

  it('keeps tenants apart: a tenant can neither see nor close another tenant’s tickets', async () => {
    const globexBefore = (await ask('List my tickets', 'carol').expect(201)).body.toolCalls[0];
    const globexIds = JSON.parse(globexBefore.result).map((t: any) => t.id);
    expect(globexIds.length).toBeGreaterThan(0);

    const acmeList = JSON.parse((await ask('List my tickets').expect(201)).body.toolCalls[0].result);
    expect(acmeList.map((t: any) => t.id)).not.toEqual(expect.arrayContaining([globexIds[0]]));
    expect(JSON.stringify(acmeList)).not.toContain('globex');

    const pending = (await ask(`Close ticket ${globexIds[0]}`).expect(201)).body.pendingApprovals[0];
    const close = (await decide(pending.id, { approved: true }).expect(201)).body;
    expect(close.toolCalls[0]).toMatchObject({
      name: 'closeTicket',
      isError: true,
      result: `there is no ticket #${globexIds[0]}`,
    });
    const peek = (await ask(`Show ticket #${globexIds[0]}`).expect(201)).body;
    expect(peek.toolCalls[0]).toMatchObject({ name: 'getTicket', isError: true });

    const globexAfter = JSON.parse(
      (await ask(`Show ticket #${globexIds[0]}`, 'carol').expect(201)).body.toolCalls[0].result,
    );
    expect(globexAfter).toMatchObject({ id: globexIds[0], status: 'open' });
  });

  it('creates and closes a ticket (sequential tools) for the caller’s tenant only', async () => {
    const created = JSON.parse(
      (await ask('Open a new ticket about "Monitor flickers"').expect(201)).body.toolCalls[0].result,
    );
    expect(created).toMatchObject({ title: 'Monitor flickers', status: 'open', priority: 'normal' });
    const asked = (await ask(`Close ticket ${created.id}`).expect(201)).body;
    const closed = (await decide(asked.pendingApprovals[0].id, { approved: true }).expect(201)).body
      .toolCalls[0];
    expect(JSON.parse(closed.result)).toMatchObject({ id: created.id, status: 'closed' });
    const otherAsked = (await ask(`Close ticket ${created.id}`, 'carol').expect(201)).body;
    const other = (await decide(otherAsked.pendingApprovals[0].id, { approved: true }, 'carol').expect(201))
      .body.toolCalls[0];
    expect(other).toMatchObject({ isError: true, result: `there is no ticket #${created.id}` });
  });

  it('returns the export directly, without a second model round', async () => {
    const { body } = await ask('Export my tickets as CSV', 'carol').expect(201);
    expect(body.rounds).toBe(1);
    expect(body.answer.split('\n')[0]).toBe('id,title,status,priority');
    expect(body.answer).toBe(body.toolCalls[0].result);
  });

  it('exports a title that looks like a formula as text, not as a formula a spreadsheet would run', async () => {
    await ask('Open a new ticket about "@SUM(1+1)*cmd|calc"', 'carol').expect(201);
    await ask('Open a new ticket about "=HYPERLINK(evil.example)"', 'carol').expect(201);
    const { body } = await ask('Export my tickets as CSV', 'carol').expect(201);
    expect(body.answer.split('\n').slice(-2)).toEqual([
      expect.stringMatching(/^\d+,'@SUM\(1\+1\)\*cmd\|calc,open,normal$/),
      expect.stringMatching(/^\d+,'=HYPERLINK\(evil\.example\),open,normal$/),
    ]);
  });

  it('binds the request-scoped tool to the signed-in user of each request', async () => {
    const [alice, bob] = await Promise.all([ask('Who am I?', 'alice'), ask('Who am I?', 'bob')]);
    expect(alice.body.toolCalls[0]).toMatchObject({
      name: 'whoAmI',
      result: '{"user":"alice","tenant":"acme","roles":["admin"]}',
    });
    expect(bob.body.toolCalls[0]).toMatchObject({
      name: 'whoAmI',
      result: '{"user":"bob","tenant":"acme","roles":["agent"]}',
    });
  });

  it('keeps the conversation: a follow-up is sent with the earlier exchange', async () => {
    const first = (await ask('What is the weather in Paris?').expect(201)).body;
    expect(first.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.pendingApprovals).toEqual([]);
    const next = (await ask('List my open tickets', 'alice', first.conversationId).expect(201)).body;
    expect(next.conversationId).toBe(first.conversationId);
    // The prompt of the follow-up carried the first exchange: more tokens than the same question alone.
    const alone = (await ask('List my open tickets').expect(201)).body;
    expect(next.usage.promptTokens).toBeGreaterThan(alone.usage.promptTokens);
  });

  it('closeTicket waits for approval: 403 for another user, then approved once (409 after), 404 unknown', async () => {
    const created = JSON.parse(
      (await ask('Open a new ticket about "Door squeaks"').expect(201)).body.toolCalls[0].result,
    );
    const asked = (await ask(`Close ticket ${created.id}`).expect(201)).body;
    expect(asked.pendingApprovals).toEqual([
      { id: expect.any(String), toolName: 'closeTicket', arguments: { id: created.id } },
    ]);
    expect(asked.toolCalls).toEqual([]);
    const id = asked.pendingApprovals[0].id;
    const forbidden = await decide(id, { approved: true }, 'bob').expect(403);
    expect(forbidden.body.message).toBe(
      'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
    );
    const done = (await decide(id, { approved: true }).expect(201)).body;
    expect(done.conversationId).toBe(asked.conversationId);
    expect(JSON.parse(done.toolCalls[0].result)).toMatchObject({ id: created.id, status: 'closed' });
    expect(done.answer).toContain('status closed');
    await decide(id, { approved: true }).expect(409);
    await decide('no-such-approval', { approved: true }).expect(404);
    await decide(id, { approved: 'yes' }).expect(400);
  });

  it('refuses an empty question', async () => {
    const { body } = await request(url)
      .post('/chat')
      .set('authorization', tokens.get('alice')!)
      .send({})
      .expect(400);
    expect(body.message).toContain('question should not be empty');
  });

  it('streams the typed events in order over server-sent events', async () => {
    const response = await request(url)
      .get('/chat/stream')
      .query({ question: 'What is the weather in Paris?' })
      .set('authorization', tokens.get('alice')!)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200)
      .expect('content-type', /text\/event-stream/);
    const [conversation, ...events] = parseSse(response.body as string);
    expect(conversation).toEqual({
      type: 'conversation',
      conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const types = events.map((e) => e.type);
    // The offline model streams the call's arguments in two pieces, before the round ends.
    expect(types.slice(0, 4)).toEqual([
      'tool-input-delta',
      'tool-input-delta',
      'round-finished',
      'tool-call-started',
    ]);
    expect(events[3].toolCall).toMatchObject({ name: 'getWeather', arguments: '{"city":"Paris"}' });
    expect(events[0].delta + events[1].delta).toBe('{"city":"Paris"}');
    expect(types[4]).toBe('tool-result');
    expect(types.filter((t) => t === 'text-delta').length).toBeGreaterThan(3);
    expect(types.slice(-2)).toEqual(['round-finished', 'finished']);
    const streamed = events
      .filter((e) => e.type === 'text-delta')
      .map((e) => e.text)
      .join('');
    expect(events[events.length - 1]).toMatchObject({
      type: 'finished',
      text: streamed,
      rounds: 2,
      finishReason: 'stop',
    });
    expect(JSON.stringify(events)).not.toContain('tenantId');
  });
});

describe('sample app: MCP both ways (offline model)', () => {
  let app: NestExpressApplication;
  let url: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    ({ app, url } = await startSupportDesk());
    for (const user of ['alice', 'carol']) tokens.set(user, await signIn(url, user));
  });
  afterAll(() => app.close());

  it('answers from the knowledge base MCP server, a tool in another process', async () => {
    const { body } = await request(url)
      .post('/chat')
      .set('authorization', tokens.get('alice')!)
      .send({ question: 'What does the knowledge base say about VPN access?' })
      .expect(201);
    expect(body.toolCalls.map((c: any) => [c.name, c.arguments, c.isError])).toEqual([
      ['searchKnowledgeBase', { query: 'VPN access' }, false],
    ]);
    expect(JSON.parse(body.toolCalls[0].result)[0]).toMatchObject({
      id: 'KB-2',
      title: 'VPN access from home',
    });
  });

  it('serves its own tools at /mcp to an MCP client (not the ones it borrows)', async () => {
    const lines: string[] = [];
    await runMcpDemo(url.replace('[::1]', '127.0.0.1'), (line) => lines.push(line));
    expect(lines[0]).toMatch(/tools\/list: .*listTickets/);
    // closeTicket waits for a person's approval, which an MCP call cannot do: not served.
    expect(lines[0]).not.toContain('closeTicket');
    expect(lines[0]).not.toContain('searchKnowledgeBase');
    expect(lines[1]).toContain('tools/call listTickets({"status":"open"}) → [{"id":');
  });

  it('keeps /mcp behind the bearer token: 401 without it, and the signed-in user is the caller', async () => {
    const base = url.replace('[::1]', '127.0.0.1');
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect((await fetch(`${base}/mcp`, { ...init, body })).status).toBe(401);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    const headers = { authorization: tokens.get('carol')! };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
    );
    try {
      const result = await client.callTool({ name: 'listTickets', arguments: {} });
      const text = (result.content as { text: string }[])[0].text;
      // carol works for globex: acme's printer ticket is not hers.
      expect(text).not.toContain('Printer on floor 3 is jammed');
      expect(text).toContain('Email quota exceeded');
      const refused = await client.callTool({ name: 'closeTicket', arguments: { id: 1 } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
