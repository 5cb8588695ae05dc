import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once `child` has printed `text` (stdout or stderr); rejects with everything it printed when it exits
 * first or `timeoutMs` passes. `what` names it in the error.
 */
export function waitForOutput(
  child: ChildProcess,
  text: string,
  what: string,
  timeoutMs: number,
): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output}`));
    });
  });
}
