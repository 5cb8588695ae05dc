'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const BENCH = path.join(__dirname, '..');
const ROOT = path.join(BENCH, '..');

const PEERS = [
  'ai',
  '@ai-sdk/provider',
  '@ai-sdk/provider-utils',
  '@langchain/core',
  'zod',
  'ajv',
  '@openai/agents',
];
const LIBRARY_DEPENDENCIES = ['@nestjs/core', '@nestjs/common', 'ajv', 'class-validator', 'zod'];
// What the *-nest12 rows run instead of the repository's Nest (impl/support/nest12.js).
const NEST12 = ['@nestjs/core', '@nestjs/common', 'rxjs', 'reflect-metadata'];

function versionIn(dir, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function git(...args) {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** What the numbers depend on: machine, Node, and the exact version of every package measured. */
function describeEnvironment() {
  const cpus = os.cpus();
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const distIndex = path.join(ROOT, 'dist', 'index.js');
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    library: {
      name: rootPackage.name,
      version: rootPackage.version,
      commit: git('rev-parse', '--short', 'HEAD'),
      uncommittedChanges: Boolean(git('status', '--porcelain', '--', 'lib')),
      distBuiltAt: fs.existsSync(distIndex) ? fs.statSync(distIndex).mtime.toISOString() : undefined,
      dependencies: Object.fromEntries(LIBRARY_DEPENDENCIES.map((name) => [name, versionIn(ROOT, name)])),
      nest12: Object.fromEntries(NEST12.map((name) => [name, versionIn(path.join(BENCH, 'nest12'), name)])),
    },
    peers: Object.fromEntries(PEERS.map((name) => [name, versionIn(BENCH, name)])),
  };
}

module.exports = { describeEnvironment };
