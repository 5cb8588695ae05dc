'use strict';

const TARGETS = { rateVsMcpNest: 1.0, cpuVsSdk: 1.2 };
const LABELS = {
  library: 'library: `McpServerModule`',
  'mcp-nest': '`@rekog/mcp-nest`',
  sdk: 'SDK v2 `McpServer` alone',
  'sdk-lean': 'SDK v2 low-level `Server` alone',
  'library-compare': 'library from `--compare` build',
};

function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median over repeats of this server's figure over the other's in the same repeat (they ran side by side). */
function paired(samples, baseline, figure) {
  const ratios = [];
  for (let i = 0; i < Math.min(samples.length, baseline.length); i++)
    if (samples[i] && baseline[i]) ratios.push(figure(samples[i]) / figure(baseline[i]));
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

const rate = (s) => s.perSecond;
const cpu = (s) => s.cpuUsPerCall;
const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
const ratio = (r) => `${fmt(r.median, 2)}× (${fmt(r.min, 2)}–${fmt(r.max, 2)})`;

function renderMcpMarkdown(results) {
  const { options, versions } = results;
  const lines = [
    '## MCP servers side by side',
    '',
    `${options.mode} mode, ${new Date().toISOString()}: each server in its own process on 127.0.0.1, stateless, ` +
      `JSON responses; autocannon at ${options.connections} connections, ${options.repeats} batches of ` +
      `${options.seconds} s per server and row in rotating order after a ${options.warmupSeconds} s warm-up. ` +
      "`tools/call` calls the middle tool with valid arguments; CPU per call is the server process's user + " +
      'system time over the requests it answered. Ratios: the median over repeats of the paired batches ' +
      '(min–max). Versions: ' +
      Object.entries(versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ') +
      '.',
    '',
  ];
  for (const section of results.sections) {
    const served = Object.entries(section.servers)
      .map(([name, s]) => `${name}: ${s.protocols?.join(', ') || s.status}`)
      .join('; ');
    lines.push(`### ${section.toolCount} tools`, '', `Revisions served — ${served}.`, '');
    for (const [name, s] of Object.entries(section.servers))
      if (s.status !== 'ready') lines.push(`- ${name}: **${s.status}** — ${s.reason}`);
    if (section.failed) lines.push(`- **failed**: ${section.failed}`, '');
    if (section.protocols.length === 0) continue;
    lines.push(
      '| revision | request | server | requests/s (min–max) | CPU µs/call | p50 / p99 ms | rate × MCP-Nest | CPU × SDK `McpServer` | CPU × SDK `Server` |',
      '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of section.protocols) {
      for (const [name, samples] of Object.entries(row.samples)) {
        const done = samples.filter(Boolean);
        if (done.length === 0) continue;
        const rates = done.map(rate);
        const vsNest = name === 'mcp-nest' ? '1' : ratio(paired(samples, row.samples['mcp-nest'], rate));
        const vsSdk = name === 'sdk' ? '1' : ratio(paired(samples, row.samples.sdk, cpu));
        const vsLean = name === 'sdk-lean' ? '1' : ratio(paired(samples, row.samples['sdk-lean'], cpu));
        lines.push(
          `| ${row.protocol} | \`tools/${row.operation}\` | ${LABELS[name]}${row.formats?.[name] === 'SSE' ? ' (SSE)' : ''} | ${fmt(median(rates))} ` +
            `(${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))}) | ${fmt(median(done.map(cpu)))} | ` +
            `${fmt(median(done.map((s) => s.p50Ms)))} / ${fmt(median(done.map((s) => s.p99Ms)))} | ${vsNest} | ${vsSdk} | ${vsLean} |`,
        );
      }
    }
    lines.push('', ...verdicts(section), '');
  }
  lines.push(`Took ${results.durationSeconds} s (at most ${results.estimatedSeconds} s estimated).`, '');
  return `${lines.join('\n')}\n`;
}

/**
 * The targets, for the library: at least MCP-Nest's rate, at most 1.2× the CPU per call of the SDK's `McpServer`
 * alone (the server its docs set up). Its low-level `Server` with nothing rebuilt per request is shown beside, as
 * the floor of the protocol's own cost.
 */
function verdicts(section) {
  const libraries = ['library', 'library-compare'];
  return section.protocols.flatMap((row) =>
    libraries.filter((name) => row.samples[name]).map((name) => verdict(section, row, name)),
  );
}

function verdict(section, row, name) {
  const library = row.samples[name];
  const vsNest = paired(library, row.samples['mcp-nest'], rate).median;
  const vsSdk = paired(library, row.samples.sdk, cpu).median;
  const vsLean = paired(library, row.samples['sdk-lean'], cpu).median;
  const mark = (ok) => (ok ? 'met' : '**missed**');
  return (
    `- ${name === 'library' ? '' : `${LABELS[name]}, `}${row.protocol} \`tools/${row.operation}\`, ${section.toolCount} tools: rate ${fmt(vsNest, 2)}× MCP-Nest ` +
    `(target ≥ ${TARGETS.rateVsMcpNest}: ${mark(vsNest >= TARGETS.rateVsMcpNest)}), CPU per call ` +
    `${fmt(vsSdk, 2)}× the SDK's \`McpServer\` alone (target ≤ ${TARGETS.cpuVsSdk}: ${mark(vsSdk <= TARGETS.cpuVsSdk)}); ` +
    `${fmt(vsLean, 2)}× its low-level \`Server\` (no target: the protocol's floor)` +
    (name === 'library-compare'
      ? `; CPU per call ${fmt(paired(library, row.samples.library, cpu).median, 2)}× this build's`
      : '')
  );
}

module.exports = { renderMcpMarkdown, TARGETS };
