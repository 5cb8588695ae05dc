import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { runDemo, runMcpDemo } from '../../../sample-app/src/demo';
import { parseSse, startSupportDesk } from './support-desk.app';

describe('sample app: the support desk over HTTP (offline model)', () => {
  let app: NestExpressApplication;
  let url: string;
  const ask = (question: string, tenant = 'acme', user = 'ada') =>
    request(url).post('/chat').set('x-tenant-id', tenant).set('x-user', user).send({ question });

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    ({ app, url } = await startSupportDesk());
  });
  afterAll(() => app.close());

  it('says which model answers', async () => {
    await request(url).get('/chat/model').expect(200, { model: 'offline demo model (no network)' });
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
    expect(text).toContain('tool closeTicket({"id":4}) ✗ error');
    expect(text).toContain('I could not close ticket: there is no ticket #4');
    expect(text).toContain('4,Email quota exceeded,open,normal');
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
    const globexBefore = (await ask('List my tickets', 'globex').expect(201)).body.toolCalls[0];
    const globexIds = JSON.parse(globexBefore.result).map((t: any) => t.id);
    expect(globexIds.length).toBeGreaterThan(0);

    const acmeList = JSON.parse((await ask('List my tickets').expect(201)).body.toolCalls[0].result);
    expect(acmeList.map((t: any) => t.id)).not.toEqual(expect.arrayContaining([globexIds[0]]));
    expect(JSON.stringify(acmeList)).not.toContain('globex');

    const close = (await ask(`Close ticket ${globexIds[0]}`).expect(201)).body;
    expect(close.toolCalls[0]).toMatchObject({
      name: 'closeTicket',
      isError: true,
      result: `there is no ticket #${globexIds[0]}`,
    });
    const peek = (await ask(`Show ticket #${globexIds[0]}`).expect(201)).body;
    expect(peek.toolCalls[0]).toMatchObject({ name: 'getTicket', isError: true });

    const globexAfter = JSON.parse(
      (await ask(`Show ticket #${globexIds[0]}`, 'globex').expect(201)).body.toolCalls[0].result,
    );
    expect(globexAfter).toMatchObject({ id: globexIds[0], status: 'open' });
    await request(url).post('/chat').set('x-tenant-id', 'initech').send({ question: 'hi' }).expect(400, {
      message: 'unknown tenant "initech": use one of acme, globex',
      error: 'Bad Request',
      statusCode: 400,
    });
  });

  it('creates and closes a ticket (sequential tools) for the caller’s tenant only', async () => {
    const created = JSON.parse(
      (await ask('Open a new ticket about "Monitor flickers"').expect(201)).body.toolCalls[0].result,
    );
    expect(created).toMatchObject({ title: 'Monitor flickers', status: 'open', priority: 'normal' });
    const closed = (await ask(`Close ticket ${created.id}`).expect(201)).body.toolCalls[0];
    expect(JSON.parse(closed.result)).toMatchObject({ id: created.id, status: 'closed' });
    const other = (await ask(`Close ticket ${created.id}`, 'globex').expect(201)).body.toolCalls[0];
    expect(other).toMatchObject({ isError: true, result: `there is no ticket #${created.id}` });
  });

  it('returns the export directly, without a second model round', async () => {
    const { body } = await ask('Export my tickets as CSV', 'globex').expect(201);
    expect(body.rounds).toBe(1);
    expect(body.answer.split('\n')[0]).toBe('id,title,status,priority');
    expect(body.answer).toBe(body.toolCalls[0].result);
  });

  it('exports a title that looks like a formula as text, not as a formula a spreadsheet would run', async () => {
    await ask('Open a new ticket about "@SUM(1+1)*cmd|calc"', 'globex').expect(201);
    await ask('Open a new ticket about "=HYPERLINK(evil.example)"', 'globex').expect(201);
    const { body } = await ask('Export my tickets as CSV', 'globex').expect(201);
    expect(body.answer.split('\n').slice(-2)).toEqual([
      expect.stringMatching(/^\d+,'@SUM\(1\+1\)\*cmd\|calc,open,normal$/),
      expect.stringMatching(/^\d+,'=HYPERLINK\(evil\.example\),open,normal$/),
    ]);
  });

  it('binds the request-scoped tool to the user of each request', async () => {
    const [ada, grace] = await Promise.all([
      ask('Who am I?', 'acme', 'ada'),
      ask('Who am I?', 'acme', 'grace'),
    ]);
    expect(ada.body.toolCalls[0]).toMatchObject({ name: 'whoAmI', result: '{"user":"ada"}' });
    expect(grace.body.toolCalls[0]).toMatchObject({ name: 'whoAmI', result: '{"user":"grace"}' });
  });

  it('refuses an empty question', async () => {
    const { body } = await request(url).post('/chat').send({}).expect(400);
    expect(body.message).toContain('question should not be empty');
  });

  it('streams the typed events in order over server-sent events', async () => {
    const response = await request(url)
      .get('/chat/stream')
      .query({ question: 'What is the weather in Paris?' })
      .set('x-tenant-id', 'acme')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200)
      .expect('content-type', /text\/event-stream/);
    const events = parseSse(response.body as string);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['round-finished', 'tool-call-started', 'tool-result']);
    expect(events[1].toolCall).toMatchObject({ name: 'getWeather', arguments: '{"city":"Paris"}' });
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

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    ({ app, url } = await startSupportDesk());
  });
  afterAll(() => app.close());

  it('answers from the knowledge base MCP server, a tool in another process', async () => {
    const { body } = await request(url)
      .post('/chat')
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
    expect(lines[0]).toContain('closeTicket');
    expect(lines[0]).not.toContain('searchKnowledgeBase');
    expect(lines[1]).toContain('tools/call listTickets({"status":"open"}) → [{"id":');
  });
});
