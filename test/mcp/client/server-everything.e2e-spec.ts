import { dirname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ToolResult, type ToolCallback } from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';

/** The official reference server (a devDependency), or `undefined` when it is not installed. */
function everythingServer(): string | undefined {
  try {
    const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
    return join(dirname(manifest), 'dist', 'index.js');
  } catch {
    return undefined;
  }
}

const main = everythingServer();
if (main === undefined) {
  console.warn(
    'Skipped: @modelcontextprotocol/server-everything is not installed (a devDependency: run npm ci).',
  );
}

(main === undefined ? describe.skip : describe)(
  'McpToolCallbackProvider against @modelcontextprotocol/server-everything (stdio)',
  () => {
    let provider: McpToolCallbackProvider;

    beforeAll(() => {
      jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
      provider = new McpToolCallbackProvider({
        servers: { everything: { command: process.execPath, args: [main!, 'stdio'] } },
      });
    });
    afterAll(async () => {
      await provider.close();
      jest.restoreAllMocks();
    });

    async function tools(): Promise<Map<string, ToolCallback>> {
      const callbacks = await provider.getToolCallbacks();
      return new Map(callbacks.map((callback) => [callback.getToolDefinition().name, callback]));
    }

    it('lists its tools with their schemas, names models accept', async () => {
      const listed = await tools();
      expect([...listed.keys()]).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
      expect(listed.get('get-sum')!.getToolDefinition().inputSchema).toMatchObject({
        type: 'object',
        required: ['a', 'b'],
      });
    });

    it('calls them: text, numbers, an image', async () => {
      const listed = await tools();
      await expect(listed.get('echo')!.call('{"message":"hi"}')).resolves.toBe('Echo: hi');
      await expect(listed.get('get-sum')!.call('{"a":2,"b":3}')).resolves.toContain('5');
      const image = JSON.parse(ToolResult.textOf(await listed.get('get-tiny-image')!.call('{}')));
      expect(image.content).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]),
      );
    });
  },
);
