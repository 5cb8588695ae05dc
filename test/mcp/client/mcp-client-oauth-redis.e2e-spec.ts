import { Test, type TestingModule } from '@nestjs/testing';
import { ToolCallingModule, type McpAuthorizationResponse } from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { describeWithRedis } from '../../support/redis-suite';
import { startOAuthTestServer, type OAuthTestServer } from './auth/oauth-test-server';
import {
  startBearerGuardedMcpServer,
  type BearerGuardedMcpServer,
} from './support/bearer-guarded-mcp-server';
import { startV2McpServer, type V2McpServer } from './support/v2-mcp-server';

const SECRET = 'client-s3cret-never-shown';

async function approve(url: URL): Promise<McpAuthorizationResponse> {
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state') ?? undefined };
}

describeWithRedis(
  'ToolCallingModule with redis: an MCP server auth without tokenStore keeps its tokens in Redis',
  (live) => {
    let oauth: OAuthTestServer;
    let mcp: V2McpServer;
    let guarded: BearerGuardedMcpServer;

    beforeAll(async () => {
      oauth = await startOAuthTestServer(SECRET);
      mcp = await startV2McpServer();
      guarded = await startBearerGuardedMcpServer(mcp.url, oauth.url, 'user-token');
    });
    afterAll(async () => {
      await guarded.close();
      await mcp.close();
      await oauth.close();
    });

    async function replica(
      onAuthorizationUrl: (url: URL) => Promise<McpAuthorizationResponse> | void,
    ): Promise<TestingModule> {
      const module = await Test.createTestingModule({
        imports: [
          ToolCallingModule.forRoot({
            redis: { url: live.server.url, keyPrefix: 'replicas:' },
            mcp: {
              servers: {
                guarded: {
                  url: guarded.url,
                  auth: {
                    type: 'authorization_code',
                    redirectUrl: 'http://127.0.0.1:1/mcp/callback',
                    client: { clientId: 'app', clientSecret: SECRET },
                    onAuthorizationUrl,
                  },
                },
              },
            },
          }),
        ],
      }).compile();
      return module.init();
    }

    it('one replica authorizes; the other, sharing Redis, uses the same tokens without sending the user again', async () => {
      const first = await replica((url) => approve(url));
      const second = await replica(() => {
        throw new Error('the second replica sent the user to authorize');
      });
      try {
        const tools = await first.get(McpToolCallbackProvider).getToolCallbacks();
        expect(tools.map((tool) => tool.getToolDefinition().name)).toEqual(['echo', 'count', 'ask']);
        const stored = JSON.parse((await live.client.get('replicas:mcp-auth:guarded:tokens'))!) as {
          access_token: string;
        };
        expect(stored.access_token).toBe('user-token');

        const [echo] = await second.get(McpToolCallbackProvider).getToolCallbacks();
        expect(await echo.call(JSON.stringify({ text: 'from the other replica' }))).toBe(
          '{"text":"from the other replica"}',
        );
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);
