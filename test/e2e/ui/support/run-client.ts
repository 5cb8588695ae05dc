import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs a client script (the real `ai` or `@ag-ui/client` packages, as ES modules in their own Node process) against
 * `url`, and returns what it printed, by scenario. Bounded: 60 s.
 */
export function runClient(
  script: string,
  args: readonly string[],
): Promise<Record<string, Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, '..', 'clients', script), ...args],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Record<string, Record<string, unknown>>);
      },
    );
  });
}
