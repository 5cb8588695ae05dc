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
      const image: unknown = await listed.get('get-tiny-image')!.call('{}');
      expect(ToolResult.is(image)).toBe(true);
      const picture = (image as ToolResult).parts.find((part) => part.type === 'image');
      expect(picture).toEqual({ type: 'image', mediaType: 'image/png', data: expect.any(String) });
      // The bytes arrive as they were sent: a PNG's signature.
      const bytes = Buffer.from((picture as { data: string }).data, 'base64');
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    });
  },
);
