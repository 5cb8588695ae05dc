import { InvalidToolInputError, type ToolInputIssue } from '../../errors/invalid-tool-input.error';
import { describeType } from '../../errors/messages/tool.messages';

/** Deeper input is refused before any validator sees it: tool arguments never need it, recursive parsers choke on it. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Parses the JSON text of a tool call. Blank text means `{}`. Refused, with a message for the model: anything but a
 * JSON object, a `__proto__` key or a `constructor.prototype` pair at any depth, nesting deeper than `MAX_INPUT_DEPTH`, and numbers JSON.parse turns
 * into ±Infinity (`1e309`).
 */
export function parseToolInputJson(input: string, toolName: string): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'string') {
    throw new InvalidToolInputError(toolName, [
      { path: '', message: `the arguments must be JSON text, received ${describeType(input)}` },
    ]);
  }
  if (input.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch (error) {
    throw new InvalidToolInputError(toolName, [
      { path: '', message: `the arguments are not valid JSON (${(error as Error).message})` },
    ]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidToolInputError(toolName, [
      { path: '', message: `the arguments must be a JSON object, received ${describeType(value)}` },
    ]);
  }
  const issue = unsafeValueIssue(value);
  if (issue !== undefined) throw new InvalidToolInputError(toolName, [issue]);
  return value as Record<string, unknown>;
}

/**
 * The first `__proto__` key or `constructor` object with a `prototype`, nesting deeper than `MAX_INPUT_DEPTH` or
 * non-finite number in a parsed JSON value. Recursive, but never deeper than `MAX_INPUT_DEPTH`, so deeply nested
 * input cannot overflow the stack; the path is only spelled out for the issue found, not for every value.
 */
export function unsafeValueIssue(root: unknown): ToolInputIssue | undefined {
  return scan(root, 0, []);
}

type Path = (string | number)[];

function scan(value: unknown, depth: number, path: Path): ToolInputIssue | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? undefined
      : { path: spell(path), message: 'is too large a number (it must be finite)' };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_INPUT_DEPTH) {
    // Named by the argument that holds it: the full path would be as long as the nesting.
    return {
      path: path.length > 0 ? String(path[0]) : '',
      message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels are accepted)`,
    };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'object' && typeof item !== 'number') continue;
      path.push(i);
      const issue = scan(item, depth + 1, path);
      path.pop();
      if (issue) return issue;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '__proto__') return { path: spell([...path, key]), message: NOT_ALLOWED };
    // {"constructor":{"prototype":…}} reaches Object.prototype through a naive deep merge, as __proto__ does.
    if (
      key === 'constructor' &&
      typeof child === 'object' &&
      child !== null &&
      Object.hasOwn(child, 'prototype')
    )
      return { path: spell([...path, key, 'prototype']), message: NOT_ALLOWED };
    if (typeof child !== 'object' && typeof child !== 'number') continue;
    path.push(key);
    const issue = scan(child, depth + 1, path);
    path.pop();
    if (issue) return issue;
  }
  return undefined;
}

const NOT_ALLOWED = 'this property name is not allowed';

/** `["address", "lines", 2]` → `address.lines[2]`. */
function spell(path: Path): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text ? `.${segment}` : segment;
  }
  return text;
}
