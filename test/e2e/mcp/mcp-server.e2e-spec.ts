import { request as httpRequest } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpToolServer, type McpServerModuleOptions } from 'nestjs-tool-calling/mcp';
import { McpServerAppModule, observed } from './fixtures/mcp-server.app';

async function startServerApp(
  options: McpServerModuleOptions = {},
): Promise<{ app: INestApplication; url: string }> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpServerAppModule.register(options)],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
  return { app, url: `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/api/mcp` };
}

async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** A raw POST, with headers fetch would not let us set (Host). */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the app tools over MCP Streamable HTTP (stateless), with an SDK client', () => {
  let app: INestApplication;
  let url: string;
  const clients: Client[] = [];
  const client = async (token?: string) => {
    const c = await connect(url, token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    ({ app, url } = await startServerApp({ maxBodyBytes: 4096 }));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app.close();
  });

  it('refuses a request without a token with 401 (the app guard, under the global prefix)', async () => {
    const response = await post(url, { ...JSON_HEADERS, host: new URL(url).host }, INITIALIZE);
    expect(response.status).toBe(401);
    await expect(connect(url)).rejects.toThrow(/401/);
  });

  it('lists the tools each caller may see', async () => {
    const alice = await client('token-alice');
    const bob = await client('token-bob');
    const names = async (c: Client) => (await c.listTools()).tools.map((tool) => tool.name).sort();
    expect(await names(alice)).toEqual(['closeTicket', 'echo', 'explode', 'slow', 'wait']);
    expect(await names(bob)).toEqual(['echo', 'explode', 'slow', 'wait']);
    const echo = (await alice.listTools()).tools.find((tool) => tool.name === 'echo');
    expect(echo).toEqual({
      name: 'echo',
      description: 'Says the text back, with the caller',
      inputSchema: expect.objectContaining({ type: 'object', required: ['text'] }),
    });
  });

  it('runs a call as the MCP request caller, with the tool context made from it', async () => {
    const alice = await client('token-alice');
    const result = await alice.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('hi for alice (tenant-of-alice)');
    await expect(alice.callTool({ name: 'closeTicket', arguments: { id: 4 } })).resolves.toEqual({
      content: [{ type: 'text', text: 'closed 4' }],
    });
  });

  it('refuses a tool the caller may not see, as an unknown tool', async () => {
    const bob = await client('token-bob');
    const result = await bob.callTool({ name: 'closeTicket', arguments: { id: 4 } });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'unknown tool "closeTicket"' }],
      isError: true,
    });
  });

  it('answers failures as isError results: validation, a thrown error, a time limit, an unknown name', async () => {
    const alice = await client('token-alice');
    const invalid = await alice.callTool({ name: 'echo', arguments: { text: 42 } });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toContain('text');
    const thrown = await alice.callTool({ name: 'explode', arguments: {} });
    expect(thrown).toEqual({ content: [{ type: 'text', text: 'the database is down' }], isError: true });
    const slow = await alice.callTool({ name: 'slow', arguments: {} });
    expect(slow.isError).toBe(true);
    expect(text(slow)).toMatch(/slow.*50 ms/);
    const unknown = await alice.callTool({ name: 'nope', arguments: {} });
    expect(unknown).toEqual({ content: [{ type: 'text', text: 'unknown tool "nope"' }], isError: true });
  });

  it('matches every result to its call: 20 concurrent calls from 5 clients', async () => {
    const tokens = ['token-alice', 'token-bob', 'token-alice', 'token-bob', 'token-alice'];
    const all = await Promise.all(tokens.map((token) => client(token)));
    const calls = all.flatMap((c, i) =>
      [0, 1, 2, 3].map(async (j) => {
        const result = await c.callTool({ name: 'echo', arguments: { text: `c${i}-${j}` } });
        const user = tokens[i] === 'token-alice' ? 'alice' : 'bob';
        expect(text(result)).toBe(`c${i}-${j} for ${user} (tenant-of-${user})`);
      }),
    );
    expect(calls).toHaveLength(20);
    await Promise.all(calls);
  });

  it('aborts the tool when the client drops the connection', async () => {
    const host = new URL(url).host;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host, authorization: 'Bearer token-alice' },
    });
    req.on('error', () => undefined);
    req.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'wait', arguments: { id: 'dropped' } },
      }),
    );
    req.end();
    setTimeout(() => req.destroy(), 150);
    await waitFor(() => observed.cancelled.includes('dropped'));
  });

  it('refuses a foreign Host or Origin (DNS rebinding) and a body over the limit', async () => {
    const headers = { ...JSON_HEADERS, authorization: 'Bearer token-alice' };
    const host = new URL(url).host;
    const badHost = await post(url, { ...headers, host: 'evil.example.com' }, INITIALIZE);
    expect(badHost.status).toBe(403);
    expect(badHost.body).toContain('allowedHosts');
    const badOrigin = await post(url, { ...headers, host, origin: 'http://evil.example.com' }, INITIALIZE);
    expect(badOrigin.status).toBe(403);
    expect(badOrigin.body).toContain('allowedOrigins');
    const sameOrigin = await post(url, { ...headers, host, origin: `http://${host}` }, INITIALIZE);
    expect(sameOrigin.status).toBe(200);
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: { pad: 'x'.repeat(5000) },
    });
    const tooBig = await post(url, { ...headers, host }, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toContain('exceeds 4096 bytes');
  });
});

describe('the MCP endpoint with sessions', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startServerApp({ sessions: { idleTimeoutMs: 300 } }));
  });

  afterAll(() => app.close());

  it('sends notifications/tools/list_changed to connected clients', async () => {
    const alice = await connect(url, 'token-alice');
    let notified = 0;
    alice.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++);
    await alice.listTools();
    // The notification stream (GET) opens after initialisation; give it a moment.
    await waitFor(async () => {
      await app.get(McpToolServer).notifyToolListChanged();
      return notified > 0;
    });
    await alice.close();
  });

  it('passes a client cancellation to the tool as an aborted signal', async () => {
    const alice = await connect(url, 'token-alice');
    const controller = new AbortController();
    const pending = alice.callTool({ name: 'wait', arguments: { id: 'session-1' } }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('changed my mind'), 100);
    await expect(pending).rejects.toThrow();
    await waitFor(() => observed.cancelled.includes('session-1'));
    await alice.close();
  });

  it('forgets an idle session: its id is then unknown', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: 'Bearer token-bob' } },
    });
    const bob = new Client({ name: 'idle', version: '1' });
    await bob.connect(transport);
    const sessionId = transport.sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const host = new URL(url).host;
    const response = await post(
      url,
      { ...JSON_HEADERS, host, authorization: 'Bearer token-bob', 'mcp-session-id': sessionId },
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }),
    );
    expect(response.status).toBe(404);
    expect(response.body).toContain('unknown or expired MCP session');
    await bob.close().catch(() => undefined);
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
