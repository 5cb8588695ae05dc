import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const CLI = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE20_COMPAT = join(__dirname, 'node20', 'register.mjs');

/** One check of a scenario, as the suite records it in `checks.json`. */
export interface ConformanceCheck {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
  readonly description?: string;
}

/** What one scenario gave: its checks and the CLI's exit code. */
export interface ScenarioOutcome {
  readonly scenario: string;
  readonly exitCode: number;
  readonly checks: readonly ConformanceCheck[];
  readonly output: string;
}

/**
 * Runs one server scenario of the official conformance CLI against `url` (in a child process, at most `timeoutMs`)
 * and reads the checks it saved.
 */
export async function runServerScenario(
  url: string,
  scenario: string,
  timeoutMs = 60_000,
): Promise<ScenarioOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', NODE20_COMPAT, CLI, 'server', '--url', url, '--scenario', scenario, '-o', dir],
        { cwd: ROOT, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const exit = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code: exit, output: `${stdout}${stderr}` });
        },
      );
    });
    const [saved] = await readdir(dir);
    const checks = saved
      ? (JSON.parse(await readFile(join(dir, saved, 'checks.json'), 'utf8')) as ConformanceCheck[])
      : [];
    return { scenario, exitCode: code, checks, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
