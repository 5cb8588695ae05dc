import type { ToolDefinition } from '../../tool/tool-definition';
import { propertiesOf, requiredOf, valueFromQuestion, valueFromSchema } from './offline-arguments';
import { MUTATING, READ_VERBS, allWords, contentWords, nameWords } from './offline-words';

/** A tool call the offline model decided to make. */
export interface PlannedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

type Synonyms = Readonly<Record<string, string>>;

interface Candidate {
  readonly tool: ToolDefinition;
  readonly score: number;
}

/**
 * Picks tools by matching the question's words against tool names (the nouns weigh most, then the verb) and
 * descriptions; among tools about the same nouns, the best match wins. With no name matching, the tool whose
 * description shares most words with the question (two at least). A tool whose name starts with a verb that is not
 * a reading one (`closeTicket`, `cancelOrder`) is never chosen unless the question says that verb. Then fills each
 * tool's arguments.
 */
export function planToolCalls(
  question: string,
  tools: readonly ToolDefinition[],
  synonyms: Synonyms = {},
): PlannedCall[] {
  const asked = new Set(allWords(question, synonyms));
  const best = new Map<string, Candidate>();
  let byDescription: Candidate | undefined;
  for (const tool of tools) {
    const all = nameWords(tool.name, synonyms);
    const verb = all.length > 1 ? all[0] : undefined;
    const nouns = verb ? all.slice(1) : all;
    const verbAsked = verb !== undefined && asked.has(verb);
    if (verb && !verbAsked && !READ_VERBS.has(verb)) continue;
    const descriptionHits = new Set(contentWords(tool.description, synonyms).filter((w) => asked.has(w)))
      .size;
    const nounHits = nouns.filter((word) => asked.has(word)).length;
    if (nounHits === 0) {
      if (descriptionHits >= 2 && descriptionHits > (byDescription?.score ?? 0))
        byDescription = { tool, score: descriptionHits };
      continue;
    }
    const score = nounHits * 10 + (verbAsked ? 5 : 0) + descriptionHits + 3 * requiredFit(question, tool);
    const key = nouns.join(' ');
    const current = best.get(key);
    if (!current || score > current.score) best.set(key, { tool, score });
  }
  const chosen = best.size > 0 ? [...best.values()] : byDescription ? [byDescription] : [];
  return chosen.flatMap(({ tool }) => argumentSets(question, tool));
}

/**
 * A change the question asks for (close, create…) that no offered tool makes: a user whose role may not close
 * tickets is not offered `closeTicket`, and the model must say so rather than do something else.
 */
export function unavailableChange(
  question: string,
  tools: readonly ToolDefinition[],
  synonyms: Synonyms = {},
): string | undefined {
  const offered = new Set(tools.map((tool) => nameWords(tool.name, synonyms)[0]));
  return allWords(question, synonyms).find((word) => MUTATING.has(word) && !offered.has(word));
}

/** +1 for each required argument the question provides, -1 for each it does not. */
function requiredFit(question: string, tool: ToolDefinition): number {
  const properties = propertiesOf(tool.inputSchema);
  let fit = 0;
  for (const key of requiredOf(tool.inputSchema))
    fit += isGiven(valueFromQuestion(question, key, properties.get(key) ?? {})) ? 1 : -1;
  return fit;
}

function isGiven(value: unknown): boolean {
  return value !== undefined && !(Array.isArray(value) && value.length === 0);
}

/**
 * The arguments of the calls to one tool: what the question gives, and for a required property it does not, a
 * value from the schema. One call per value when the question names several (the weather in Paris and Rome → two).
 */
function argumentSets(question: string, tool: ToolDefinition): PlannedCall[] {
  const required = new Set(requiredOf(tool.inputSchema));
  const base: Record<string, unknown> = {};
  let multi: { key: string; values: unknown[] } | undefined;
  for (const [key, schema] of propertiesOf(tool.inputSchema)) {
    const value = valueFromQuestion(question, key, schema);
    if (Array.isArray(value) && value.length > 1 && !multi) multi = { key, values: value };
    else if (isGiven(value)) base[key] = Array.isArray(value) ? value[0] : value;
    else if (required.has(key)) {
      const filled = valueFromSchema(schema, question);
      if (filled !== undefined) base[key] = filled;
    }
  }
  if (!multi) return [{ name: tool.name, arguments: base }];
  const { key, values } = multi;
  return values.map((value) => ({ name: tool.name, arguments: { ...base, [key]: value } }));
}
