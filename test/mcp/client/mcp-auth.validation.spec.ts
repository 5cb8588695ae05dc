import { InvalidMcpServersError, InvalidToolCallingConfigError } from 'nestjs-tool-calling';
import { toolCallingConfig } from 'nestjs-tool-calling/config';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { withEnv } from '../../module/with-env';

const URL = 'https://tools.example.com/mcp';
const SECRET = 's3cr3t-value';

function refusal(servers: Record<string, unknown>): InvalidMcpServersError {
  try {
    new McpToolCallbackProvider({ servers: servers as never });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMcpServersError);
    return error as InvalidMcpServersError;
  }
  throw new Error('the servers were accepted');
}

const fromEnvironment = (servers: unknown) =>
  withEnv({ TOOL_CALLING_MCP_SERVERS: JSON.stringify(servers) }, () => toolCallingConfig());

describe("an MCP server's auth settings, checked at startup", () => {
  it('accepts each kind configured in code', () => {
    const provider = new McpToolCallbackProvider({
      servers: {
        user: {
          url: URL,
          auth: {
            type: 'authorization_code',
            redirectUrl: 'https://app.example.com/mcp/callback',
            client: { clientId: 'app', clientSecret: SECRET },
            onAuthorizationUrl: () => undefined,
          },
        },
        service: { url: URL, auth: { type: 'client_credentials', clientId: 'svc', clientSecret: SECRET } },
        keyed: {
          url: URL,
          auth: {
            type: 'client_credentials',
            clientId: 'svc',
            privateKey: { key: 'PEM', algorithm: 'ES256' },
          },
        },
        enterprise: {
          url: URL,
          auth: {
            type: 'cross_app_access',
            clientId: 'app',
            clientSecret: SECRET,
            identityProvider: {
              tokenEndpoint: 'https://idp.example.com/token',
              clientId: 'idp',
              idToken: () => 'x',
            },
          },
        },
      },
    });
    expect(provider.serverNames).toEqual(['user', 'service', 'keyed', 'enterprise']);
  });

  it('refuses an unknown kind, a missing callback, missing credentials and unknown fields, naming no value', () => {
    const error = refusal({
      a: { url: URL, auth: { type: 'password', password: SECRET } },
      b: { url: URL, auth: { type: 'authorization_code', redirectUrl: 'not a url' } },
      c: { url: URL, auth: { type: 'client_credentials', clientId: 'svc', clientSecrett: SECRET } },
      d: {
        url: URL,
        auth: { type: 'client_credentials', clientId: 'svc', tokenEndpointAuthMethod: 'private_key_jwt' },
      },
      e: {
        url: URL,
        auth: { type: 'cross_app_access', clientId: 'app', clientSecret: SECRET, identityProvider: {} },
      },
      f: {
        url: URL,
        auth: { type: 'client_credentials', clientId: 'svc', clientSecret: SECRET, tokenStore: {} },
      },
      g: { url: URL, auth: SECRET },
    });
    expect(error.problems).toEqual([
      'server "a": "auth.type" must be one of "authorization_code", "client_credentials", "cross_app_access"',
      'server "b": "auth.redirectUrl" must be an http(s) URL',
      'server "b": "auth.onAuthorizationUrl" must be a function',
      'server "c": "auth" has an unknown field "clientSecrett"',
      'server "c": "auth.clientSecret" is needed (or a "privateKey", for private_key_jwt)',
      'server "d": "auth.privateKey" is needed for private_key_jwt',
      'server "e": "auth.identityProvider.tokenEndpoint" must be an http(s) URL',
      'server "e": "auth.identityProvider.clientId" must be a non-empty string',
      'server "e": "auth.identityProvider.idToken" must be a function',
      'server "f": "auth.tokenStore" must be an McpTokenStore (get, set and delete)',
      'server "g": "auth.type" must be one of "authorization_code", "client_credentials", "cross_app_access"',
    ]);
    expect(error.message).toContain('McpToolCallbackProvider is not a valid set of MCP servers');
    expect(error.message).not.toContain(SECRET);
  });

  describe('from TOOL_CALLING_MCP_SERVERS (JSON: no function can come from there)', () => {
    it('accepts client credentials', async () => {
      const servers = {
        svc: { url: URL, auth: { type: 'client_credentials', clientId: 'svc', clientSecret: SECRET } },
      };
      expect(await fromEnvironment(servers)).toEqual({ limits: {}, mcp: { servers } });
    });

    it('refuses an authorization code flow and cross-app access, saying to configure them in the module options', async () => {
      const error = (await fromEnvironment({
        user: { url: URL, auth: { type: 'authorization_code', redirectUrl: 'https://app.example.com/cb' } },
        enterprise: {
          url: URL,
          auth: {
            type: 'cross_app_access',
            clientId: 'app',
            clientSecret: SECRET,
            identityProvider: { tokenEndpoint: 'https://idp.example.com/token', clientId: 'idp' },
          },
        },
      }).catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(InvalidToolCallingConfigError);
      expect(error.message).toContain(
        'server "user": "auth" of type "authorization_code" needs onAuthorizationUrl (a function), which ' +
          'TOOL_CALLING_MCP_SERVERS cannot carry (it is JSON): configure this server in the ToolCallingModule ' +
          'options instead',
      );
      expect(error.message).toContain(
        'server "enterprise": "auth" of type "cross_app_access" needs identityProvider.idToken (a function), which ' +
          'TOOL_CALLING_MCP_SERVERS cannot carry',
      );
      expect(error.message).not.toContain(SECRET);
    });

    it('refuses a token store, which JSON cannot carry', async () => {
      const error = (await fromEnvironment({
        svc: {
          url: URL,
          auth: { type: 'client_credentials', clientId: 'svc', clientSecret: SECRET, tokenStore: {} },
        },
      }).catch((e: unknown) => e)) as Error;
      expect(error.message).toContain(
        'server "svc": "auth.tokenStore" cannot come from TOOL_CALLING_MCP_SERVERS (it is JSON): leave it out, ' +
          'or configure this server in the ToolCallingModule options',
      );
    });
  });
});
