import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../../support/redis-server';
import { waitForOutput } from '../../../support/child-output';

const ROOT = join(__dirname, '..', '..', '..', '..');

export interface Replica {
  readonly url: string;
  readonly process: ChildProcess;
  /** Ends the process now (SIGKILL: no shutdown hooks, as a crash). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** One sample-app process on a free loopback port, with the given environment; resolves when it listens. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(OPENAI|ANTHROPIC|TOOL_CALLING|REDIS)_/.test(key)),
  );
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'register.js'), join(ROOT, 'sample-app', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...clean, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Transpiling the sources on a loaded machine (CI, parallel suites) can take a minute or more.
  await waitForOutput(child, 'Support desk sample: open', 'the replica', 180_000);
  child.removeAllListeners('exit');
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    kill: () => ended('SIGKILL'),
    stop: () => ended('SIGTERM'),
  };
}
