import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceCheck } from '../conformance-suite.runner';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const CLI = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE20_COMPAT = join(__dirname, '..', 'node20', 'register.mjs');
const COMMAND = `node -r ./test/reliability/soak/register-ts.js test/e2e/mcp/conformance/client/auth-client.main.ts`;

function conformance(args: readonly string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', NODE20_COMPAT, CLI, ...args],
      { cwd: ROOT, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Runs one client scenario of the suite with `auth-client.main.ts` as the client, and reads its checks. */
async function runClientScenario(scenario: string): Promise<{ code: number; checks: ConformanceCheck[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-conformance-auth-'));
  try {
    const { code } = await conformance(
      ['client', '--command', COMMAND, '--scenario', scenario, '-o', dir, '--timeout', '60000'],
      90_000,
    );
    // The scenario's name has a slash: its results are in auth/<name>-<time>/checks.json.
    const saved = (await readdir(dir, { recursive: true })).find((file) => file.endsWith('checks.json'));
    const checks = saved ? (JSON.parse(await readFile(join(dir, saved), 'utf8')) as ConformanceCheck[]) : [];
    return { code, checks };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the official MCP conformance suite, client mode: every auth/* scenario with the library OAuth provider', () => {
  jest.setTimeout(600_000);
  let scenarios: string[] = [];

  beforeAll(async () => {
    const { output } = await conformance(['list'], 60_000);
    scenarios = [...new Set(output.match(/auth\/[a-z0-9-]+/g) ?? [])];
  });

  it('lists the auth scenarios of the 2025-11-25 spec, the 2025-03-26 backcompat, the draft and the extensions', () => {
    expect(scenarios).toEqual(
      expect.arrayContaining([
        'auth/metadata-default',
        'auth/scope-step-up',
        'auth/2025-03-26-oauth-endpoint-fallback',
        'auth/resource-mismatch',
        'auth/client-credentials-jwt',
        'auth/cross-app-access-complete-flow',
      ]),
    );
    expect(scenarios.length).toBeGreaterThanOrEqual(22);
  });

  it('passes each of them: no failed or warned check, the client command succeeding', async () => {
    const outcomes = [];
    for (const scenario of scenarios) {
      const { code, checks } = await runClientScenario(scenario);
      const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
      outcomes.push({
        scenario,
        bad: bad.map((check) => check.id),
        succeeded: checks.some((c) => c.status === 'SUCCESS'),
        code,
      });
    }
    expect(outcomes).toEqual(scenarios.map((scenario) => ({ scenario, bad: [], succeeded: true, code: 0 })));
  });
});
