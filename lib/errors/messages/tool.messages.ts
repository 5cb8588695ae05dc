import type { ToolInputIssue } from '../types/tool-input-issue';
import { thrownValueText } from './thrown-value-text';

const MAX_PREVIEW = 80;
/** A model acts on the first few problems; the rest are counted, so the error text stays small. */
export const MAX_INPUT_ISSUES_SHOWN = 10;
const MAX_ISSUE_CHARS = 300;
/** No input error sent to a model is longer than this. */
export const MAX_INPUT_ERROR_CHARS = 4096;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A short, safe rendering of a value a model sent, for error messages. */
export function previewValue(value: unknown): string {
  let text: string;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    try {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- only what JSON cannot write (a function, a symbol) gets here
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
  return thrownValueText(cause);
}

function issueText(issue: ToolInputIssue): string {
  return clip(issue.path ? `${issue.path}: ${issue.message}` : issue.message, MAX_ISSUE_CHARS);
}

export const Messages = {
  invalidToolName: (name: string) =>
    `invalid tool name ${JSON.stringify(name)}: a tool name must match ^[a-zA-Z0-9_-]{1,64}$ ` +
    `(letters, digits, "_" and "-", 1 to 64 characters), as every supported model provider requires`,

  duplicateToolNames: (duplicates: ReadonlyMap<string, readonly string[]>) =>
    'duplicate tool names: ' +
    [...duplicates].map(([name, sources]) => `"${name}" is defined by ${sources.join(', ')}`).join('; '),

  invalidToolInput: (toolName: string, issues: readonly ToolInputIssue[], count = issues.length) => {
    const shown = issues.slice(0, MAX_INPUT_ISSUES_SHOWN).map(issueText);
    const more = Math.max(count, issues.length) - shown.length;
    if (more > 0) shown.push(`… and ${more.toLocaleString('en-US')} more`);
    const head = `Invalid arguments for tool "${clip(toolName, 64)}": `;
    const tail = '. Correct the arguments and call the tool again.';
    return head + clip(shown.join('; '), MAX_INPUT_ERROR_CHARS - head.length - tail.length) + tail;
  },

  inexactInteger: (max: number) =>
    `is too large an integer to be exact in JSON (integers from -${max} to ${max} are accepted)`,

  toolFailedWithoutMessage: (toolName: string, errorClass: string) =>
    `Exception occurred in tool: ${toolName} (${errorClass})`,

  resultNotSerialisable: (toolName: string, cause: unknown) =>
    `the result of tool "${toolName}" cannot be converted to JSON: ${causeMessage(cause)}`,

  resultTooLarge: (toolName: string, bytes: number, maxBytes: number) =>
    `The result of tool "${clip(toolName, 64)}" was not sent: its media (images, audio, files) take ` +
    `${bytes.toLocaleString('en-US')} bytes, more than the limit of ${maxBytes.toLocaleString('en-US')} bytes ` +
    '(limits.maxResultBytes). Ask for a smaller result (fewer or smaller images, a lower resolution, a page range).',

  invalidToolOutput: (toolName: string, issues: readonly ToolInputIssue[], count = issues.length) => {
    const shown = issues.slice(0, MAX_INPUT_ISSUES_SHOWN).map(issueText);
    const more = Math.max(count, issues.length) - shown.length;
    if (more > 0) shown.push(`… and ${more.toLocaleString('en-US')} more`);
    const head = `The structured result of tool "${clip(toolName, 64)}" does not match its outputSchema: `;
    return head + clip(shown.join('; '), MAX_INPUT_ERROR_CHARS - head.length);
  },

  outputSchemaNotObject: (source: string) =>
    `${source}: outputSchema must describe an object (a JSON Schema with type: "object", a Standard Schema of an ` +
    'object, or a DTO class), as structured results are objects',

  missingContextKey: (key: string, toolName: string | undefined) =>
    `the tool context has no value for "${key}"` +
    (toolName ? `, which tool "${toolName}" requires` : '') +
    '; pass it with .toolContext({ ... })',

  inputSchemaNotObject: () => 'inputSchema must be a JSON Schema with type: "object"',

  returnsFunction: (source: string) =>
    `${source} returns a function, which cannot be a tool result: a model can only be sent text. Return the ` +
    `function's result instead, or remove @Tool() (Spring AI leaves such methods out)`,

  invalidProgress: (field: string, toolName: string | undefined) =>
    `${toolName === undefined ? 'a tool' : `tool "${toolName}"`} reported progress with an invalid ${field}: ` +
    (field === 'message' ? 'a message must be a string' : `${field} must be a finite number, at least 0`),
  contextIgnored: (toolName: string) =>
    `tool "${toolName}" does not take a ToolContext; the context given to it is ignored`,
};
