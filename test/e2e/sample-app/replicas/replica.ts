import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../../support/redis-server';

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
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the replica did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Support desk sample: open')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the replica exited with ${code}:\n${output}`));
    });
  });
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
