import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../support/http-mcp-server';

const CLIENT_MAIN = join(__dirname, '..', 'support', 'close-and-exit-main.js');

interface Exit {
  readonly code: number | null;
  readonly output: string;
  /** Milliseconds from `closed` to the exit; `undefined` when the process had to be killed. */
  readonly afterClose?: number;
}

/** Runs the client process against `url`; kills it when it has not exited `boundMs` after printing `closed`. */
function runClient(url: string, boundMs: number): Promise<Exit> {
  const child = spawn(process.execPath, [CLIENT_MAIN, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let closedAt: number | undefined;
  let killed = false;
  const overall = setTimeout(() => ((killed = true), child.kill('SIGKILL')), 60_000);
  let bound: NodeJS.Timeout | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (closedAt === undefined && output.includes('closed\n')) {
      closedAt = performance.now();
      bound = setTimeout(() => ((killed = true), child.kill('SIGKILL')), boundMs);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise<Exit>((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(overall);
      if (bound) clearTimeout(bound);
      resolve({
        code,
        output,
        afterClose: killed || closedAt === undefined ? undefined : performance.now() - closedAt,
      });
    });
  });
}

describe('McpToolCallbackProvider.close() against a Streamable HTTP server with sessions', () => {
  let server: LoopbackMcpServer;

  beforeAll(async () => (server = await startLoopbackMcpServer()));
  afterAll(() => server.close());

  it('leaves nothing open: the client process exits by itself once the provider is closed', async () => {
    const exit = await runClient(server.url, 3_000);

    expect(exit.output).toContain('tools 11; echo: {"text":"hi"');
    expect(exit.output).toContain('closed');
    expect(exit).toMatchObject({ code: 0, afterClose: expect.any(Number) });
  }, 70_000);
});
