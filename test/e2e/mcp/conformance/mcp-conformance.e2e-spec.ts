import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitForOutput } from '../../../support/child-output';
import { runServerScenario } from './conformance-suite.runner';

const ROOT = join(__dirname, '..', '..', '..', '..');
const REGISTER_TS = join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js');
const MAIN = join(__dirname, 'conformance-server.main.ts');

/**
 * The server scenarios this library passes: the core ones, rich tool results, progress, logging and elicitation from
 * tools (through `ToolContext`), and SSE streams of 2025-era sessions. `server-sse-polling` passes with two warnings
 * (no priming event, no retry field): it sends `MCP-Protocol-Version: 2025-03-26`, and the SDK primes SSE streams only
 * for clients of 2025-11-25 and later, which can read an event with empty data.
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'json-schema-2020-12',
  'dns-rebinding-protection',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-with-progress',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'elicitation-sep1330-enums',
  'server-sse-polling',
  'server-sse-multiple-streams',
];

/**
 * The scenarios recorded as not served, each expected to fail: this library serves tools, not resources, prompts or
 * completions; and a tool cannot ask the client's model (sampling is deprecated in 2026-07-28, so `ToolContext` has
 * no sampling call).
 */
const NOT_SERVED = [
  'tools-call-sampling',
  'completion-complete',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
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
    // server-sse-polling records only INFO and WARNING checks: the tool's result must come on the POST's SSE stream.
    if (scenario === 'server-sse-polling')
      expect(outcome.checks.map((check) => check.description)).toContain(
        'Received tool response on POST stream',
      );
    else expect(outcome.checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    expect(outcome.exitCode).toBe(0);
  });

  it.each(NOT_SERVED)('records %s as not served (it fails)', async (scenario) => {
    const outcome = await runServerScenario(url, scenario);
    expect(outcome.checks.some((check) => check.status === 'FAILURE')).toBe(true);
  });
});
