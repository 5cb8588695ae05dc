import type { ToolDefinition } from 'nestjs-tool-calling';

export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

const STOP_WORDS = new Set(
  'a an and are as at be by can could do does for from give how i in is it me my of on or please show tell the this to what whats when where which with would you your'.split(
    ' ',
  ),
);

/** Words a user says for what tool names say. */
const SYNONYMS: Record<string, string> = {
  new: 'create',
  file: 'create',
  raise: 'create',
  report: 'create',
  resolve: 'close',
  csv: 'export',
  download: 'export',
  temperature: 'weather',
  forecast: 'weather',
  hot: 'weather',
  cold: 'weather',
  all: 'list',
  show: 'get',
  details: 'get',
  who: 'who',
  am: 'am',
};

const VERBS = new Set(['get', 'list', 'create', 'close', 'export', 'find', 'update', 'delete']);
/** Verbs that change something: never chosen unless the user said them. */
const MUTATING = new Set(['create', 'close', 'update', 'delete']);

function stem(word: string): string {
  const lower = word.toLowerCase();
  const mapped = SYNONYMS[lower] ?? lower;
  return mapped.length > 3 && mapped.endsWith('s') && !mapped.endsWith('ss') ? mapped.slice(0, -1) : mapped;
}

function words(text: string): string[] {
  return (text.match(/[A-Za-z]+/g) ?? [])
    .map(stem)
    .filter((w) => !STOP_WORDS.has(w) || w === 'who' || w === 'am');
}

function nameWords(name: string): string[] {
  return words(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' '));
}

interface Candidate {
  tool: ToolDefinition;
  verb: string | undefined;
  nouns: string[];
  score: number;
}

/**
 * Picks tools by matching the question's words against tool names (nouns weigh most, then the verb) and
 * descriptions; among tools about the same noun, the best match wins. Then fills each tool's arguments.
 */
export function planToolCalls(question: string, tools: readonly ToolDefinition[]): PlannedCall[] {
  const asked = new Set(words(question));
  const best = new Map<string, Candidate>();
  for (const tool of tools) {
    const all = nameWords(tool.name);
    const verb = VERBS.has(all[0]) ? all[0] : undefined;
    const nouns = verb ? all.slice(1) : all;
    const nounHits = nouns.filter((w) => asked.has(w)).length;
    if (nounHits === 0) continue;
    const verbAsked = verb !== undefined && asked.has(verb);
    if (verb && MUTATING.has(verb) && !verbAsked) continue;
    const descriptionHits = new Set(words(tool.description).filter((w) => asked.has(w))).size;
    const score = nounHits * 10 + (verbAsked ? 5 : 0) + descriptionHits + 3 * requiredFit(question, tool);
    const key = nouns.join(' ');
    const current = best.get(key);
    if (!current || score > current.score) best.set(key, { tool, verb, nouns, score });
  }
  const calls: PlannedCall[] = [];
  for (const { tool } of best.values()) calls.push(...argumentSets(question, tool));
  return calls;
}

/**
 * A change the question asks for (close, create…) that no offered tool makes: a user whose role may not close
 * tickets is not offered `closeTicket`, and the model must say so rather than do something else.
 */
export function unavailableChange(question: string, tools: readonly ToolDefinition[]): string | undefined {
  const offered = new Set(tools.map((tool) => nameWords(tool.name)[0]));
  return words(question).find((word) => MUTATING.has(word) && !offered.has(word));
}

/** +1 for each required argument the question provides, -1 for each it does not. */
function requiredFit(question: string, tool: ToolDefinition): number {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
  const required = (tool.inputSchema.required ?? []) as string[];
  let fit = 0;
  for (const key of required) {
    const value = fill(question, key, properties[key] ?? {});
    fit += value === undefined || (Array.isArray(value) && value.length === 0) ? -1 : 1;
  }
  return fit;
}

type PropertySchema = { type?: string; enum?: unknown[]; description?: string };

/** One call per value when the question names several (the weather in Paris and Rome → two calls). */
function argumentSets(question: string, tool: ToolDefinition): PlannedCall[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
  const base: Record<string, unknown> = {};
  let multi: { key: string; values: string[] } | undefined;
  for (const [key, schema] of Object.entries(properties)) {
    const value = fill(question, key, schema);
    if (Array.isArray(value)) {
      if (value.length > 1 && !multi) multi = { key, values: value as string[] };
      else if (value.length > 0) base[key] = value[0];
    } else if (value !== undefined) base[key] = value;
  }
  if (!multi) return [{ name: tool.name, arguments: base }];
  return multi.values.map((value) => ({ name: tool.name, arguments: { ...base, [multi.key]: value } }));
}

function fill(question: string, key: string, schema: PropertySchema): unknown {
  if (schema.enum) {
    const lower = question.toLowerCase();
    return schema.enum.find(
      (value) => typeof value === 'string' && new RegExp(`\\b${value.toLowerCase()}\\b`).test(lower),
    );
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const match = question.match(/#?\b(\d+(?:\.\d+)?)\b/);
    return match ? Number(match[1]) : undefined;
  }
  if (schema.type !== 'string') return undefined;
  const quoted = question.match(/["“']([^"”']{2,})["”']/);
  if (/city|place|location|town/i.test(key)) return places(question);
  if (/title|summary|subject|text|description|name|query/i.test(key)) {
    if (quoted) return quoted[1];
    const about = question.match(/\b(?:about|saying|:)\s+(.+?)[.?!]*$/i);
    return about?.[1];
  }
  return quoted?.[1];
}

/** Capitalised words after "in", "for" or "at", and those joined to them by "and" or commas. */
function places(question: string): string[] {
  const match = question.match(
    /\b(?:in|for|at)\s+((?:[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)*)(?:\s*(?:,|and)\s*[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)*)*)/u,
  );
  if (!match) return [];
  return match[1].split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
}
