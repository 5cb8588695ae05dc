import type { ToolInputIssue } from '../types/tool-input-issue';

const MAX_PREVIEW = 80;

/** A short, safe rendering of a value a model sent, for error messages. */
export function previewValue(value: unknown): string {
  let text: string;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}… (${text.length} characters)` : text;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function causeMessage(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

export const Messages = {
  invalidToolName: (name: string) =>
    `invalid tool name ${JSON.stringify(name)}: a tool name must match ^[a-zA-Z0-9_-]{1,64}$ ` +
    `(letters, digits, "_" and "-", 1 to 64 characters), as every supported model provider requires`,

  duplicateToolNames: (duplicates: ReadonlyMap<string, readonly string[]>) =>
    'duplicate tool names: ' +
    [...duplicates].map(([name, sources]) => `"${name}" is defined by ${sources.join(', ')}`).join('; '),

  invalidToolInput: (toolName: string, issues: readonly ToolInputIssue[]) =>
    `Invalid arguments for tool "${toolName}": ` +
    issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ') +
    '. Correct the arguments and call the tool again.',

  resultNotSerialisable: (toolName: string, cause: unknown) =>
    `the result of tool "${toolName}" cannot be converted to JSON: ${causeMessage(cause)}`,

  missingContextKey: (key: string, toolName: string | undefined) =>
    `the tool context has no value for "${key}"` +
    (toolName ? `, which tool "${toolName}" requires` : '') +
    '; pass it with .toolContext({ ... })',

  contextIgnored: (toolName: string) =>
    `tool "${toolName}" does not take a ToolContext; the context given to it is ignored`,
};
