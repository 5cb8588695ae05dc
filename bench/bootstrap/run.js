#!/usr/bin/env node
'use strict';
/**
 * Bootstrap cost of a Nest app with 10 / 100 / 1,000 @Tool methods, with the module and without it. Each bootstrap
 * runs cold in a fresh process; apps and sizes interleave over the repeats. The growth with the number of tools
 * must be linear: compare the ms per tool from 10→100 and from 100→1,000.
 *
 *   node bench/bootstrap/run.js [--repeats=N] [--sizes=10,100,1000] [--schemas=distinct] [--compare=<dist>]
 *
 * --schemas=distinct gives every tool's parameter its own description, so that no two tools share an input schema
 * (by default they all take the same `city` parameter). --compare=<dist> adds a row for the module from another
 * build (say, main's dist/ copied aside), interleaved with this one's, to compare the two side by side.
 *
 * An app is one file in apps/ exporting { label, createContext(providers) → Promise<INestApplicationContext> };
 * a missing file, or one whose loading throws "not available…", is listed as skipped.
 */
const fs = require('node:fs');
const path = require('node:path');
const { fork } = require('node:child_process');
const { median } = require('../lib/stats');

const appFile = (name) => path.join(__dirname, 'apps', `${name}.js`);

function appsFor(options) {
  const apps = ['without-module', 'with-module'].map((name) => ({ name, file: appFile(name) }));
  if (options.compare) {
    const dist = path.resolve(options.compare);
    apps.push({
      name: 'with-module (compared)',
      file: appFile('with-module'),
      env: { BENCH_LIBRARY_DIST: dist },
    });
  }
  return apps;
}

const USAGE =
  'usage: node bench/bootstrap/run.js [--repeats=N] [--sizes=10,100] [--schemas=shared|distinct] [--compare=<dist>]';

function parse(argv) {
  const options = { repeats: 5, sizes: [10, 100, 1000], schemas: 'shared', compare: undefined };
  for (const arg of argv) {
    const [, key, value] = /^--([a-z]+)=(.+)$/.exec(arg) ?? [];
    if (key === 'repeats') options.repeats = Number(value);
    else if (key === 'sizes') options.sizes = value.split(',').map(Number);
    else if (key === 'schemas' && (value === 'shared' || value === 'distinct')) options.schemas = value;
    else if (key === 'compare') options.compare = value;
    else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  return options;
}

function bootOnce(app, size, schemas) {
  return new Promise((resolve) => {
    let output = '';
    const child = fork(path.join(__dirname, 'worker.js'), [app.file, String(size), schemas], {
      execArgv: ['--expose-gc'],
      env: { ...process.env, ...app.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let reply;
    child.on('message', (message) => {
      reply = message;
    });
    child.on('exit', (code) =>
      resolve(reply ?? { type: 'failed', reason: `exited with code ${code}: ${output}` }),
    );
  });
}

async function main() {
  const options = parse(process.argv.slice(2));
  const apps = appsFor(options);
  const rows = new Map();
  for (const app of apps) {
    for (const size of options.sizes) {
      rows.set(`${app.name}/${size}`, { app: app.name, size, samples: [], status: 'measured' });
    }
  }
  for (let repeat = 0; repeat < options.repeats; repeat++) {
    for (const size of options.sizes) {
      for (const app of apps) {
        const row = rows.get(`${app.name}/${size}`);
        if (row.status !== 'measured') continue;
        if (!fs.existsSync(app.file)) {
          Object.assign(row, { status: 'skipped', reason: `bootstrap/apps/${app.name}.js not written yet` });
          continue;
        }
        const reply = await bootOnce(app, size, options.schemas);
        if (reply.type === 'done') {
          row.label = reply.label;
          row.samples.push(reply);
        } else {
          Object.assign(row, { status: reply.type, reason: reply.reason });
        }
      }
    }
    process.stderr.write(`repeat ${repeat + 1}/${options.repeats} done\n`);
  }
  const markdown = render([...rows.values()], options);
  process.stdout.write(markdown);
  const out = path.join(__dirname, '..', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'bootstrap-latest.md'), markdown);
  fs.writeFileSync(
    path.join(out, 'bootstrap-latest.json'),
    `${JSON.stringify([...rows.values()], null, 2)}\n`,
  );
  if ([...rows.values()].some((row) => row.status === 'failed')) process.exitCode = 1;
}

function render(rows, options) {
  const baseline = new Map(
    rows.filter((r) => r.app === 'without-module' && r.samples.length).map((r) => [r.size, r]),
  );
  const ms = (r) => median(r.samples.map((s) => s.bootstrapMs));
  const lines = [
    `# Bootstrap with @Tool methods — ${new Date().toISOString()}, Node ${process.version}, ` +
      `${options.repeats} cold starts per cell, ${options.schemas} parameter schemas` +
      (options.compare ? `, compared build: ${options.compare}` : ''),
    '',
    '| app | @Tool methods | bootstrap ms median (min–max) | ms over the app without the module | × the app without the module | ms per added tool | CPU ms median | heap growth (MiB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  let previous;
  for (const row of rows.filter((r) => r.samples.length)) {
    const times = row.samples.map((s) => s.bootstrapMs);
    const base = baseline.get(row.size);
    const perTool =
      previous?.app === row.app ? (ms(row) - ms(previous)) / (row.size - previous.size) : undefined;
    lines.push(
      `| ${row.app} | ${row.size.toLocaleString('en-US')} | ${ms(row).toFixed(1)} ` +
        `(${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)}) | ` +
        `${base && row.app !== 'without-module' ? (ms(row) - ms(base)).toFixed(1) : '–'} | ` +
        `${base && row.app !== 'without-module' ? (ms(row) / ms(base)).toFixed(2) : '–'} | ` +
        `${perTool === undefined ? '–' : perTool.toFixed(3)} | ` +
        `${median(row.samples.map((s) => s.cpuMs)).toFixed(1)} | ` +
        `${(median(row.samples.map((s) => s.heapBytes)) / 2 ** 20).toFixed(2)} |`,
    );
    previous = row;
  }
  const notMeasured = rows.filter((r) => !r.samples.length || r.status !== 'measured');
  const reported = new Set();
  for (const row of notMeasured) {
    const line = `- ${row.status}: **${row.app}** — ${String(row.reason).split('\n')[0]}`;
    if (!reported.has(line)) lines.push(reported.size === 0 ? `\n${line}` : line);
    reported.add(line);
  }
  return `${lines.join('\n')}\n`;
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exitCode = 2;
});
