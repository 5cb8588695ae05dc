import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceCheck, ScenarioOutcome } from '../conformance-suite.runner';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const CLI = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE20_COMPAT = join(__dirname, '..', 'node20', 'register.mjs');
const REGISTER_TS = join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js');
const CLIENT_MAIN = join(__dirname, '..', 'conformance-client.main.ts');

/** The client `npm run mcp:conformance-client` runs, as a command line the suite appends the server's URL to. */
export const LIBRARY_CLIENT_COMMAND = `"${process.execPath}" -r "${REGISTER_TS}" "${CLIENT_MAIN}"`;

/** The client scenarios the library's client passes, besides `auth/*` (listed by the OAuth work). */
export const CLIENT_SCENARIOS = [
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
];

/**
 * Runs one client scenario of the official conformance CLI (`conformance client --command … --scenario …`, in a
 * child process, at most `timeoutMs`): the suite starts its test server and runs `command <url>`; the checks it
 * saved are read back. `auth/*` scenarios run the same way (the client hands them to its OAuth runner).
 */
export async function runClientScenario(
  scenario: string,
  command = LIBRARY_CLIENT_COMMAND,
  timeoutMs = 90_000,
): Promise<ScenarioOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-conformance-client-'));
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          '--import',
          NODE20_COMPAT,
          CLI,
          'client',
          '--command',
          command,
          '--scenario',
          scenario,
          '--timeout',
          String(Math.max(timeoutMs - 10_000, 10_000)),
          '-o',
          dir,
        ],
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
