import { Logger } from '@nestjs/common';
import { InvalidMcpServersError } from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { createMcpAuthProvider } from '../../../lib/mcp/client/auth/mcp-auth-provider.factory';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../support/http-mcp-server';

// The OAuth provider itself is the OAuth work's (lib/mcp/client/auth); this suite checks the hook only: that what
// the factory makes for a server's `auth` is the transport's authProvider. A bearer-token provider stands in for it.
jest.mock('../../../lib/mcp/client/auth/mcp-auth-provider.factory', () => ({
  createMcpAuthProvider: jest.fn(() => ({ token: () => Promise.resolve('issued-token') })),
}));
const factory = createMcpAuthProvider as jest.MockedFunction<typeof createMcpAuthProvider>;

describe('the auth hook of an HTTP server', () => {
  let server: LoopbackMcpServer;

  beforeEach(async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    factory.mockClear();
    server = await startLoopbackMcpServer();
  });
  afterEach(async () => {
    await server.close();
    jest.restoreAllMocks();
  });

  it("hands the server's auth to createMcpAuthProvider and sends what its provider issues", async () => {
    const auth = { type: 'client_credentials' } as never;
    const provider = new McpToolCallbackProvider({ servers: { kb: { url: server.url, auth } } });
    try {
      expect(factory).not.toHaveBeenCalled();
      const tools = await provider.getToolCallbacks();
      expect(tools.length).toBeGreaterThan(0);
      expect(factory).toHaveBeenCalledWith(auth, { name: 'kb', url: server.url });
      expect(server.authorizations.filter((value) => value !== undefined)).not.toHaveLength(0);
      expect(new Set(server.authorizations.filter(Boolean))).toEqual(new Set(['Bearer issued-token']));
    } finally {
      await provider.close();
    }
  });

  it('makes no provider for a server without auth', async () => {
    const provider = new McpToolCallbackProvider({ servers: { kb: { url: server.url } } });
    try {
      await provider.getToolCallbacks();
      expect(factory).not.toHaveBeenCalled();
    } finally {
      await provider.close();
    }
  });

  it('refuses an auth that is not an object with a type', () => {
    expect(
      () => new McpToolCallbackProvider({ servers: { kb: { url: server.url, auth: 'secret' as never } } }),
    ).toThrow(
      new InvalidMcpServersError('McpToolCallbackProvider', [
        'server "kb": "auth" must be an object with a "type"',
      ]),
    );
  });
});
