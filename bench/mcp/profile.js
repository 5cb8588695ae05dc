#!/usr/bin/env node
'use strict';
/**
 * Profiles one server of the comparison under load: `node bench/mcp/profile.js [--server=library] [--tools=50]
 * [--op=call] [--protocol=2025-11-25] [--seconds=10] [--connections=10] [--top=30]`. The server runs in its own
 * process, checked as in run.js and warmed up; the inspector's profiler records it under autocannon's load only
 * (not its start), and the profile is summarised: self time by package, the top functions by self and by inclusive time (a function counted
 * once per sample however deep it recurses), as % of all samples. The profile stays in bench/results/profiles/
 * for Chrome DevTools.
 */
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { ServerHandle } = require('./server-handle');
const { createTools } = require('./tools');
const { toolsCall, toolsList } = require('./protocol');
const { checkServer, measuredTool } = require('./check');

function parse(argv) {
  const options = {
    server: 'library',
    tools: 50,
    op: 'call',
    protocol: '2025-11-25',
    seconds: 10,
    connections: 10,
    top: 30,
  };
  for (const arg of argv) {
    const match = /^--([a-z]+)=(.+)$/.exec(arg);
    if (!match || !(match[1] in options)) throw new Error(`unknown argument ${arg}`);
    options[match[1]] = typeof options[match[1]] === 'number' ? Number(match[2]) : match[2];
  }
  return options;
}

async function main() {
  const options = parse(process.argv.slice(2));
  const dir = path.join(__dirname, '..', 'results', 'profiles');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${options.server}-${options.tools}-${options.op}-${options.protocol}.cpuprofile`,
  );
  const tools = createTools(options.tools);
  const server = new ServerHandle(options.server, options.tools);
  try {
    const reply = await server.started();
    if (reply.type !== 'ready') throw new Error(`${options.server}: ${reply.reason}`);
    const problem = await checkServer(server.url, options.protocol, tools);
    if (problem) throw new Error(`${options.server} failed its check: ${problem}`);
    const request =
      options.op === 'call'
        ? toolsCall(options.protocol, 7, measuredTool(tools).name, { city: 'Lyon', days: 5 })
        : toolsList(options.protocol, 7);
    const load = (seconds) =>
      autocannon({ url: server.url, ...request, connections: options.connections, duration: seconds });
    await load(2);
    await server.startProfile();
    const result = await load(options.seconds);
    await server.stopProfile(file);
    process.stderr.write(
      `${options.server}: ${result.requests.total} ${options.op} requests in ${result.duration} s, ` +
        `${result.non2xx} non-2xx, ${result.errors} errors\n`,
    );
  } finally {
    await server.stop();
  }
  process.stdout.write(summarize(JSON.parse(fs.readFileSync(file, 'utf8')), options.top));
  process.stderr.write(`profile: ${path.relative(process.cwd(), file)}\n`);
}

/** Where a frame's code lives: a package, the library's dist/, node's own code, or V8. */
function packageOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/dist/')) return 'nestjs-tool-calling (dist)';
  if (url.includes('/bench/')) return 'bench';
  return url;
}

function frameKey({ functionName, url, lineNumber }) {
  const file = url ? url.replace(/^.*\/node_modules\//, '').replace(/^.*\/dist\//, 'dist/') : '';
  return `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
}

function summarize(profile, top) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  const packages = new Map();
  let total = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') continue;
    total++;
    const key = frameKey(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
    const pkg = packageOf(node.callFrame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + 1);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      if (frame.functionName === '(root)') continue;
      const k = frameKey(frame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
    }
  }
  const pct = (n) => `${((100 * n) / total).toFixed(1)}%`;
  const table = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, n]) => `${pct(n).padStart(6)}  ${key}`)
      .join('\n');
  return (
    `${total} busy samples\n\nself time by package\n${table(packages, 15)}\n\n` +
    `self time by function\n${table(self, top)}\n\ninclusive time by function\n${table(inclusive, top)}\n`
  );
}

module.exports = { summarize };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
