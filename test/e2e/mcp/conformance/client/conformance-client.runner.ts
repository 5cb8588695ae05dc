import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceCheck, ScenarioOutcome } from '../conformance-suite.runner';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const CLI = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE20_COMPAT = join(__dirname, '..', 'node20', 'register.mjs');
// SWC, not TypeScript's transpiler: the client starts once per scenario (see register-swc.js).
const REGISTER_SWC = join(__dirname, 'register-swc.js');
const CLIENT_MAIN = join(__dirname, '..', 'conformance-client.main.ts');

/** The client `npm run mcp:conformance-client` runs, as a command line the suite appends the server's URL to. */
export const LIBRARY_CLIENT_COMMAND = `"${process.execPath}" -r "${REGISTER_SWC}" "${CLIENT_MAIN}"`;

/** The client scenarios the library's client passes besides `auth/*` (those the suite lists: `authScenarios()`). */
export const CLIENT_SCENARIOS = [
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
];

/** How many scenarios run at once (each one is the CLI, its test server and the client: three processes). */
export const CLIENT_SCENARIO_CONCURRENCY = 4;

function conformanceCli(
  args: readonly string[],
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
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

/** Every `auth/*` client scenario of the installed suite (`conformance list`): all of them, draft and extensions. */
export async function authScenarios(timeoutMs = 30_000): Promise<string[]> {
  const { output } = await conformanceCli(['list'], timeoutMs);
  return [...new Set(output.match(/auth\/[a-z0-9-]+/g) ?? [])];
}

/**
 * Runs `scenarios` with `runClientScenario`, at most `concurrency` at a time, and gives their outcomes in the same
 * order. The suite's own `--suite auth` starts all of them at once: on a small machine, that many processes at once
 * make the scenarios' timeouts the thing measured.
 */
export async function runClientScenarios(
  scenarios: readonly string[],
  concurrency = CLIENT_SCENARIO_CONCURRENCY,
  command = LIBRARY_CLIENT_COMMAND,
): Promise<ScenarioOutcome[]> {
  const outcomes: ScenarioOutcome[] = new Array<ScenarioOutcome>(scenarios.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < scenarios.length) {
      const index = next++;
      outcomes[index] = await runClientScenario(scenarios[index], command);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, scenarios.length) }, worker));
  return outcomes;
}

/**
 * Runs one client scenario of the official conformance CLI (`conformance client --command … --scenario …`, in a
 * child process, at most `timeoutMs`): the suite starts its test server and runs `command <url>`; the checks it
 * saved are read back. `auth/*` scenarios run the same way (the client sets the server's `auth` for them).
 */
export async function runClientScenario(
  scenario: string,
  command = LIBRARY_CLIENT_COMMAND,
  timeoutMs = 90_000,
): Promise<ScenarioOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-conformance-client-'));
  try {
    const { code, output } = await conformanceCli(
      [
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
      timeoutMs,
    );
    // An `auth/<name>` scenario saves under auth/<name>-<time>/checks.json: a level deeper.
    const saved = (await readdir(dir, { recursive: true })).find((file) => file.endsWith('checks.json'));
    const checks = saved ? (JSON.parse(await readFile(join(dir, saved), 'utf8')) as ConformanceCheck[]) : [];
    return { scenario, exitCode: code, checks, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
