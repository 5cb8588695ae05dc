'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');

/** Debian's redis-server, or undefined: the rows that need it are then skipped with this message. */
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) =>
  fs.existsSync(file),
);
const NO_REDIS = 'redis-server is not installed (apt-get install -y redis-server)';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A redis-server of its own on a free loopback port, without persistence, ready within 10 s; `stop()` ends it.
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 */
async function startRedis() {
  if (!REDIS_SERVER) throw new Error(NO_REDIS);
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`redis-server did not start within 10 s: ${output}`));
    }, 10_000);
    child.stdout.on('data', (data) => {
      output += data;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
  child.removeAllListeners('exit');
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

module.exports = { REDIS_SERVER, NO_REDIS, startRedis };
