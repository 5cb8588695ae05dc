'use strict';
const { fork } = require('node:child_process');
const path = require('node:path');

const START_TIMEOUT_MS = 60_000;
const REPLY_TIMEOUT_MS = 10_000;

/**
 * A server of the comparison in its child process (server-process.js): started, asked for its CPU time, stopped.
 * Its stderr is kept (the last 4 KB) to explain a failed start; every wait is bounded.
 */
class ServerHandle {
  constructor(name, toolCount, env = {}) {
    this.name = name;
    this.stderr = '';
    this.child = fork(path.join(__dirname, 'server-process.js'), [name, String(toolCount)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ...env },
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-4096);
    });
  }

  /** `{ type: 'ready', port }`, or `{ type: 'failed' | 'skipped', reason }`. */
  async started() {
    const reply = await this.next(START_TIMEOUT_MS).catch((error) => ({
      type: 'failed',
      reason: `${error.message}${this.stderr ? `: ${this.stderr.trim()}` : ''}`,
    }));
    if (reply.type === 'ready') this.url = `http://127.0.0.1:${reply.port}/mcp`;
    return reply;
  }

  /** The server process's user + system CPU time so far, in µs. */
  async cpuMicros() {
    const reply = this.next(REPLY_TIMEOUT_MS);
    this.child.send({ cmd: 'cpu' });
    return (await reply).micros;
  }

  /** Starts the inspector's CPU profiler in the server process. */
  async startProfile() {
    const reply = this.next(REPLY_TIMEOUT_MS);
    this.child.send({ cmd: 'profile-start' });
    await reply;
  }

  /** Stops it and writes the `.cpuprofile` to `file`. */
  async stopProfile(file) {
    const reply = this.next(60_000);
    this.child.send({ cmd: 'profile-stop', file });
    await reply;
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (this.child.connected) this.child.send({ cmd: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  next(timeoutMs) {
    return new Promise((resolve, reject) => {
      const onMessage = (message) => settle(() => resolve(message));
      const onExit = (code, signal) =>
        settle(() => reject(new Error(`${this.name} server exited (${signal ?? code})`)));
      const timer = setTimeout(
        () => settle(() => reject(new Error(`${this.name} server did not answer in ${timeoutMs} ms`))),
        timeoutMs,
      );
      const settle = (done) => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        done();
      };
      this.child.on('message', onMessage);
      this.child.on('exit', onExit);
    });
  }
}

module.exports = { ServerHandle };
