import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const ROOT = join(__dirname, '..', '..', '..');
const REGISTER_TS = join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js');
const MAIN = join(__dirname, 'fixtures', 'stdio-app.main.ts');

async function startChild(role: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['-r', REGISTER_TS, MAIN],
    env: { ...getDefaultEnvironment(), STDIO_ROLE: role },
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport, { timeout: 30_000 });
  return { client, stderr: () => stderr };
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('serveToolsOverStdio, with an SDK client starting the app as a child process', () => {
  jest.setTimeout(60_000);

  it('serves the tools as the configured identity, logging to stderr only', async () => {
    const { client, stderr } = await startChild('admin');
    try {
      expect(client.getServerVersion()).toEqual({ name: 'support-desk', version: '2.0.0' });
      const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
      expect(names).toEqual(['closeTicket', 'echo', 'explode', 'slow', 'wait']);
      expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe(
        'hi for carol (tenant-of-carol)',
      );
      const failed = await client.callTool({ name: 'explode', arguments: {} });
      expect(failed).toEqual({ content: [{ type: 'text', text: 'the database is down' }], isError: true });
      // Everything the app logged went to stderr; stdout carried only protocol messages (or the client had failed).
      expect(stderr()).toContain('serving tools over stdio');
    } finally {
      await client.close();
    }
  });

  it('applies per-caller visibility to the configured identity', async () => {
    const { client } = await startChild('agent');
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('closeTicket');
      const refused = await client.callTool({ name: 'closeTicket', arguments: { id: 1 } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
