#!/usr/bin/env node
'use strict';
/**
 * This library's MCP server beside @rekog/mcp-nest and the official SDK's server alone, serving the same tools
 * (50 and 500), each in its own process on 127.0.0.1, driven with autocannon at a fixed concurrency for a bounded
 * time, in rotating order: requests per second and the server process's CPU per call. Progress to stderr, the
 * Markdown report to stdout and bench/results/mcp-latest.md (raw samples: mcp-latest.json). Exit code 1 when a
 * server failed its check or its load. See README.md here.
 */
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { ServerHandle } = require('./server-handle');
const { createTools } = require('./tools');
const { PROTOCOLS, toolsCall, toolsList } = require('./protocol');
const { checkServer, measuredTool, steadyBody } = require('./check');
const { renderMcpMarkdown } = require('./report');

const SERVERS = ['library', 'mcp-nest', 'sdk', 'sdk-lean'];
const OPERATIONS = ['call', 'list'];
const PROFILES = {
  quick: { repeats: 3, seconds: 2, warmupSeconds: 1, connections: 10, protocols: ['2025-11-25'] },
  full: { repeats: 5, seconds: 3, warmupSeconds: 3, connections: 10, protocols: PROTOCOLS },
};
const USAGE = `usage: node bench/mcp/run.js [--full] [--tools=50,500] [--ops=call,list] [--protocols=2025-11-25,2026-07-28]
                              [--repeats=N] [--seconds=N] [--warmup-seconds=N] [--connections=N] [--out=DIR]
                              [--compare=<another build's dist>]
  quick (default) measures 2025-11-25; --full every revision all servers serve; --compare adds the library's
  server from another build (main's dist/ beside a branch's, say) as the row library-compare`;

const log = (line) => process.stderr.write(`${line}\n`);

function parseOptions(argv) {
  const flags = new Map();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg}\n${USAGE}`);
    flags.set(match[1], match[2] ?? 'true');
  }
  const mode = flags.has('full') ? 'full' : 'quick';
  const options = { mode, ...PROFILES[mode], toolCounts: [50, 500], operations: OPERATIONS };
  const numbers = {
    repeats: 'repeats',
    seconds: 'seconds',
    'warmup-seconds': 'warmupSeconds',
    connections: 'connections',
  };
  for (const [flag, value] of flags) {
    if (numbers[flag]) {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1) throw new Error(`--${flag} must be a positive integer`);
      options[numbers[flag]] = number;
    } else if (flag === 'tools') options.toolCounts = value.split(',').map(Number);
    else if (flag === 'ops') options.operations = pick(value, OPERATIONS, 'operation');
    else if (flag === 'protocols') options.protocols = pick(value, PROTOCOLS, 'protocol');
    else if (flag === 'out') options.out = value;
    else if (flag === 'compare') options.compare = path.resolve(value);
    else if (flag !== 'full' && flag !== 'quick') throw new Error(`unknown option --${flag}\n${USAGE}`);
  }
  if (options.toolCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 5000))
    throw new Error('--tools takes tool counts from 1 to 5000');
  return options;
}

function pick(value, known, what) {
  const picked = value.split(',').filter(Boolean);
  const unknown = picked.filter((item) => !known.includes(item));
  if (unknown.length > 0)
    throw new Error(`unknown ${what} ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return picked;
}

/** One bounded autocannon run against a server; its CPU from the server process itself. */
async function batch(server, request, expectBody, seconds, connections) {
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({
    url: server.url,
    ...request,
    expectBody,
    connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
  const cpuAfter = await server.cpuMicros();
  const failures = result.non2xx + result.errors + result.timeouts + (result.mismatches ?? 0);
  if (failures > 0)
    throw new Error(
      `${failures} failed requests (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} ` +
        `timeouts, ${result.mismatches ?? 0} answers other than the checked one)`,
    );
  const count = result.requests.total;
  return {
    count,
    seconds: result.duration,
    perSecond: count / result.duration,
    cpuUsPerCall: (cpuAfter - cpuBefore) / count,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/** The revisions each server serves (its check passes), and those all of them serve. */
async function detectProtocols(servers, tools, wanted) {
  const served = {};
  for (const server of servers) {
    served[server.name] = [];
    for (const protocol of PROTOCOLS) {
      const problem = await checkServer(server.url, protocol, tools).catch((error) => error.message);
      if (problem === undefined) served[server.name].push(protocol);
      else server.refusals = { ...server.refusals, [protocol]: problem };
    }
  }
  const common = wanted.filter((protocol) =>
    servers.every((server) => served[server.name].includes(protocol)),
  );
  return { served, common };
}

async function measureToolCount(toolCount, options, results) {
  const tools = createTools(toolCount);
  const names = options.compare ? [...SERVERS, 'library-compare'] : SERVERS;
  const servers = [];
  const section = { toolCount, servers: {}, protocols: [] };
  results.sections.push(section);
  try {
    for (const name of names) {
      // One at a time, so that no start competes with another for the cores.
      const env = name === 'library-compare' ? { BENCH_LIBRARY_DIST: options.compare } : {};
      const server = new ServerHandle(name, toolCount, env);
      const reply = await server.started();
      section.servers[name] = { status: reply.type, ...(reply.reason && { reason: reply.reason }) };
      if (reply.type === 'ready') servers.push(server);
      else {
        log(`  ${toolCount} tools, ${name}: ${reply.type} — ${reply.reason}`);
        await server.stop();
      }
    }
    if (servers.length < names.length) return;
    const { served, common } = await detectProtocols(servers, tools, options.protocols);
    for (const server of servers) section.servers[server.name].protocols = served[server.name];
    log(
      `  ${toolCount} tools: served ${JSON.stringify(served)}; measuring ${common.join(', ') || 'nothing'}`,
    );
    if (common.length === 0) {
      section.failed = `no revision of ${options.protocols.join(', ')} served by all servers: ${servers
        .map((s) => `${s.name}: ${Object.values(s.refusals ?? {}).join('; ')}`)
        .join(' | ')}`;
      return;
    }
    const tool = measuredTool(tools);
    for (const protocol of common) {
      for (const operation of options.operations) {
        const request =
          operation === 'call'
            ? toolsCall(protocol, 7, tool.name, { city: 'Lyon', days: 5 })
            : toolsList(protocol, 7);
        const row = { protocol, operation, samples: {} };
        section.protocols.push(row);
        const bodies = {};
        row.formats = {};
        for (const server of servers) {
          const steady = await steadyBody(server.url, request);
          bodies[server.name] = steady.body;
          row.formats[server.name] = steady.format;
          row.samples[server.name] = [];
          await batch(server, request, bodies[server.name], options.warmupSeconds, options.connections);
        }
        for (let repeat = 0; repeat < options.repeats; repeat++) {
          const order = servers.map((_, i) => servers[(i + repeat) % servers.length]);
          for (const server of order) {
            row.samples[server.name][repeat] = await batch(
              server,
              request,
              bodies[server.name],
              options.seconds,
              options.connections,
            );
          }
        }
        log(`  ${toolCount} tools, ${protocol} ${operation}: ${summaryLine(row)}`);
      }
    }
  } catch (error) {
    section.failed = error.message;
    log(`  ${toolCount} tools: failed — ${error.message}`);
  } finally {
    for (const server of servers) await server.stop();
  }
}

function summaryLine(row) {
  return Object.entries(row.samples)
    .map(([name, samples]) => `${name} ${Math.round(median(samples.map((s) => s.perSecond)))}/s`)
    .join(', ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function versions() {
  const version = (name, root = path.join(__dirname, '..', '..')) => {
    try {
      const file = path.join(root, 'node_modules', name, 'package.json');
      return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    } catch {
      return 'not installed';
    }
  };
  return {
    node: process.version,
    '@modelcontextprotocol/sdk': version('@modelcontextprotocol/sdk'),
    '@modelcontextprotocol/server': version('@modelcontextprotocol/server'),
    '@rekog/mcp-nest': version('@rekog/mcp-nest', path.join(__dirname, 'servers', 'mcp-nest')),
    '@nestjs/core': version('@nestjs/core'),
    autocannon: version('autocannon'),
  };
}

/** Runs the comparison; resolves to the results (also written to `out`). `argv` as on the command line. */
async function runMcpComparison(argv = []) {
  const options = parseOptions(argv);
  const perBatch = options.seconds + 0.2;
  const estimate = Math.round(
    options.toolCounts.length *
      (15 +
        options.operations.length *
          options.protocols.length *
          (SERVERS.length + (options.compare ? 1 : 0)) *
          (options.warmupSeconds + 0.5 + options.repeats * perBatch)),
  );
  log(
    `MCP servers (${options.mode}): at most ${estimate} s (less when a revision is not served by all); ` +
      `${options.connections} connections, ` +
      `${options.repeats} × ${options.seconds} s per row and server`,
  );
  const started = Date.now();
  const results = { options, versions: versions(), sections: [] };
  for (const toolCount of options.toolCounts) await measureToolCount(toolCount, options, results);
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  results.estimatedSeconds = estimate;
  const markdown = renderMcpMarkdown(results);
  process.stdout.write(markdown);
  const out = path.resolve(options.out ?? path.join(__dirname, '..', 'results'));
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'mcp-latest.md'), markdown);
  fs.writeFileSync(path.join(out, 'mcp-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(
    `MCP servers: finished in ${results.durationSeconds} s; written to ${path.relative(process.cwd(), out)}/mcp-latest.md`,
  );
  results.failed = results.sections.some(
    (section) => section.failed || Object.values(section.servers).some((s) => s.status === 'failed'),
  );
  return results;
}

module.exports = { runMcpComparison };

if (require.main === module) {
  runMcpComparison(process.argv.slice(2))
    .then((results) => {
      if (results.failed) process.exitCode = 1;
    })
    .catch((error) => {
      log(error?.stack ?? String(error));
      process.exitCode = 2;
    });
}
