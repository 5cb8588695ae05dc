import type { ToolDefinition } from '../tool/tool-definition';

const WORD = /[\p{L}\p{N}]+/gu;
/** Boundaries inside a name: `getOrderStatus`, `HTTPServer`, `order2pdf`. */
const BOUNDARY =
  /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu;

/** The words of a text, names split at camelCase, snake_case, kebab-case and digits, lower-cased. */
export function toolSearchTerms(text: string): string[] {
  return (text.replace(BOUNDARY, ' ').match(WORD) ?? []).map((word) => word.toLowerCase());
}

/** The searchable texts of a definition: its name's words, its description, its parameters' names and descriptions. */
export interface ToolSearchDocument {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: string;
}

export function toolSearchDocument(definition: ToolDefinition): ToolSearchDocument {
  const parts: string[] = [];
  collectParameters(definition.inputSchema, parts, 0);
  return {
    id: definition.name,
    name: definition.name,
    description: definition.description ?? '',
    parameters: parts.join(' '),
  };
}

/** Property names and descriptions, nested objects and array items included (bounded depth: schemas are data). */
function collectParameters(schema: unknown, parts: string[], depth: number): void {
  if (depth > 4 || typeof schema !== 'object' || schema === null) return;
  const node = schema as { properties?: unknown; items?: unknown; description?: unknown };
  if (depth > 0 && typeof node.description === 'string') parts.push(node.description);
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, property] of Object.entries(node.properties)) {
      parts.push(name);
      collectParameters(property, parts, depth + 1);
    }
  }
  if (node.items !== undefined) collectParameters(node.items, parts, depth + 1);
}
