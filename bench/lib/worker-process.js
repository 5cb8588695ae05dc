'use strict';
const { fork } = require('node:child_process');
const path = require('node:path');

const WORKER = path.join(__dirname, '..', 'worker.js');

/** The runner's side of one worker: fork it, wait until it is ready, then one request at a time. */
class WorkerProcess {
  constructor(implementation, variantId, options) {
    this.implementation = implementation;
    this.pending = null;
    this.inbox = [];
    this.exited = false;
    this.output = '';
    this.child = fork(WORKER, [implementation.file, variantId, JSON.stringify(options)], {
      execArgv: ['--expose-gc'],
      // The runner's stdout is the report: a worker's own output (a framework's logs) is kept for error messages.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk) => {
      this.output = (this.output + chunk).slice(-4000);
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.child.on('message', (message) => this.deliver(message));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.deliver({
        type: 'failed',
        reason: `worker exited (${signal ?? `code ${code}`}) ${this.output.trim()}`.trim(),
      });
    });
  }

  /** Resolves with the worker's first message: ready, skipped or failed. */
  started() {
    return this.next();
  }

  request(command) {
    const reply = this.next();
    this.child.send(command);
    return reply;
  }

  next() {
    if (this.inbox.length > 0) return Promise.resolve(this.inbox.shift());
    if (this.exited) return Promise.resolve({ type: 'failed', reason: 'worker is gone' });
    return new Promise((resolve) => {
      this.pending = resolve;
    });
  }

  deliver(message) {
    const pending = this.pending;
    this.pending = null;
    if (pending) pending(message);
    else this.inbox.push(message);
  }

  async stop() {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'exit' });
    await exited;
  }
}

module.exports = { WorkerProcess };
