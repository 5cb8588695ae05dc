import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitForOutput } from '../../../support/child-output';
import { runServerScenario } from './conformance-suite.runner';

const ROOT = join(__dirname, '..', '..', '..', '..');
const REGISTER_TS = join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js');
const MAIN = join(__dirname, 'conformance-server.main.ts');

/** The server scenarios this library passes: the core ones, and the four of rich tool results. */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'json-schema-2020-12',
  'dns-rebinding-protection',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
];

describe('the official MCP conformance suite against the conformance app (npm run mcp:conformance-server)', () => {
  jest.setTimeout(240_000);
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    // As `npm run mcp:conformance-server` starts it, on a free port.
    server = spawn(process.execPath, ['-r', REGISTER_TS, MAIN], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    server.stdout!.on('data', (chunk: Buffer) => (stdout += String(chunk)));
    await waitForOutput(server, 'ready\n', 'the conformance server', 120_000);
    url = /^MCP endpoint (\S+)$/m.exec(stdout)![1];
  });

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  it('listens on 127.0.0.1 with the endpoint at /mcp', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it.each(SCENARIOS)('passes %s', async (scenario) => {
    const outcome = await runServerScenario(url, scenario);
    const failed = outcome.checks.filter((check) => check.status === 'FAILURE');
    expect({ scenario, failed }).toEqual({ scenario, failed: [] });
    expect(outcome.checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    expect(outcome.exitCode).toBe(0);
  });
});
