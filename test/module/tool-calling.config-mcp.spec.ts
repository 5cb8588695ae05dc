import { InvalidToolCallingConfigError } from 'nestjs-tool-calling';
import { toolCallingConfig } from 'nestjs-tool-calling/config';
import { withEnv } from './with-env';

const load = (values: Record<string, string>) => withEnv(values, () => toolCallingConfig());

describe('toolCallingConfig: TOOL_CALLING_MCP_SERVERS', () => {
  it('reads the MCP servers from JSON', async () => {
    const servers = {
      kb: { command: 'node', args: ['kb.js'] },
      remote: { url: 'https://tools.example.com/mcp', headers: { authorization: 'Bearer s3cr3t' } },
    };
    expect(await load({ TOOL_CALLING_MCP_SERVERS: JSON.stringify(servers) })).toEqual({
      limits: {},
      mcp: { servers },
    });
  });

  it('refuses a bad value naming the variable and the server, never a header value', async () => {
    const value = JSON.stringify({
      remote: { url: 'not a url', headers: { authorization: 'Bearer s3cr3t' } },
      kb: { command: 'node', args: 'kb.js' },
      both: { url: 'http://x', command: 'y' },
    });
    const error = (await load({ TOOL_CALLING_MCP_SERVERS: value }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(InvalidToolCallingConfigError);
    expect((error as InvalidToolCallingConfigError).variables).toEqual(['TOOL_CALLING_MCP_SERVERS']);
    expect(error.message).toContain('TOOL_CALLING_MCP_SERVERS is not a valid set of MCP servers');
    expect(error.message).toContain('server "remote": "url" must be an http(s) URL');
    expect(error.message).toContain('server "kb": "args" must be an array of strings');
    expect(error.message).toContain(
      'server "both" needs exactly one of "url" (Streamable HTTP) or "command" (stdio)',
    );
    expect(error.message).not.toContain('s3cr3t');
  });

  it('refuses text that is not JSON without repeating it', async () => {
    const error = (await load({ TOOL_CALLING_MCP_SERVERS: '{"kb": s3cr3t' }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toContain('TOOL_CALLING_MCP_SERVERS must be a JSON object of MCP servers');
    expect(error.message).not.toContain('s3cr3t');
  });
});
