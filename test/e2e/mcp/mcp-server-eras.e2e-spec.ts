import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConformanceAppModule } from './conformance/conformance.app';

/**
 * One endpoint, both protocol eras: a 2026-07-28 client (the official SDK v2, pinned to that revision: no
 * `initialize`, the envelope in `_meta`) and a 2025-11-25 client (the official SDK v1: `initialize`, a session) call
 * the same server; a tool's progress reaches each in order.
 */
describe('the MCP server serves a 2026-07-28 client and a 2025-11-25 client at once', () => {
  jest.setTimeout(60_000);
  let app: INestApplication;
  let url: URL;

  beforeAll(async () => {
    app = await NestFactory.create(ConformanceAppModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    url = new URL(`${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/mcp`);
  });

  afterAll(() => app?.close());

  async function modern(): Promise<ClientV2> {
    const client = new ClientV2(
      { name: 'modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(url));
    return client;
  }

  async function legacy(): Promise<{ client: ClientV1; transport: TransportV1 }> {
    const client = new ClientV1({ name: 'legacy', version: '1.0.0' });
    const transport = new TransportV1(url);
    await client.connect(transport);
    return { client, transport };
  }

  it('lists and calls the same tools for both, each in its own era', async () => {
    const [client2026, { client: client2025, transport }] = await Promise.all([modern(), legacy()]);
    try {
      expect(client2026.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client2025.getServerVersion()?.name).toBe('nestjs-tool-calling-conformance');
      expect(transport.sessionId).toEqual(expect.any(String));
      const names2026 = (await client2026.listTools()).tools.map((tool) => tool.name).sort();
      const names2025 = (await client2025.listTools()).tools.map((tool) => tool.name).sort();
      expect(names2026).toEqual(names2025);
      const [a, b] = await Promise.all([
        client2026.callTool({ name: 'test_simple_text', arguments: {} }),
        client2025.callTool({ name: 'test_simple_text', arguments: {} }),
      ]);
      expect(a.content).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }]);
      expect(b.content).toEqual(a.content);
    } finally {
      await Promise.all([client2026.close(), client2025.close()]);
    }
  });

  it('sends a tool’s progress to a 2026-07-28 client, in order', async () => {
    const client = await modern();
    try {
      const progress: number[] = [];
      const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, {
        onprogress: (update: { progress: number }) => progress.push(update.progress),
      } as never);
      expect(result.content).toEqual([{ type: 'text', text: 'Progress test completed' }]);
      expect(progress).toEqual([0, 50, 100]);
    } finally {
      await client.close();
    }
  });

  it('sends a tool’s progress to a 2025-11-25 client, in order', async () => {
    const { client } = await legacy();
    try {
      const progress: number[] = [];
      const result = await client.callTool(
        { name: 'test_tool_with_progress', arguments: {} },
        CallToolResultSchema,
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(result.content).toEqual([{ type: 'text', text: 'Progress test completed' }]);
      expect(progress).toEqual([0, 50, 100]);
    } finally {
      await client.close();
    }
  });

  it('declines a tool’s question for a 2026-07-28 client rather than hang (no request inside a call there)', async () => {
    const client = await modern();
    try {
      const result = await client.callTool({
        name: 'test_elicitation',
        arguments: { message: 'Who are you?' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'User response: action=decline' }]);
    } finally {
      await client.close();
    }
  });
});
