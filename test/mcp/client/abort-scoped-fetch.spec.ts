import { getEventListeners } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { abortScopedFetch } from '../../../lib/mcp/client/abort-scoped-fetch';

describe('abortScopedFetch', () => {
  let server: Server;
  let url: string;
  const streams: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(': open\n\n');
        streams.push(response);
      } else if (request.url === '/missing') response.writeHead(404).end('no');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.end();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('leaves no listener on the long-lived signal once each body is read, or once a failure is answered', async () => {
    const outer = new AbortController();
    for (let i = 0; i < 20; i++) {
      expect(await (await abortScopedFetch(`${url}/json`, { signal: outer.signal })).json()).toEqual({
        ok: true,
      });
    }
    expect((await abortScopedFetch(`${url}/missing`, { signal: outer.signal })).status).toBe(404);
    const cancelled = await abortScopedFetch(`${url}/json`, { signal: outer.signal });
    await cancelled.body?.cancel();
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
  });

  it('reaches a body still streaming when the signal aborts after the headers (the SSE stream of a session)', async () => {
    const outer = new AbortController();
    const response = await abortScopedFetch(`${url}/stream`, { signal: outer.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': open\n\n');
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(1);

    outer.abort(new Error('closed by the client'));

    await expect(reader.read()).rejects.toThrow('closed by the client');
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
  });
});
