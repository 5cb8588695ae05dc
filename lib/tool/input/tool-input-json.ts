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
  if (input === undefined || input === null || input.trim() === '') return {};
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
 * The first `__proto__` key or `constructor` object with a `prototype`, nesting deeper than `MAX_INPUT_DEPTH` or non-finite number in a parsed JSON value.
 * Iterative, so that deeply nested input cannot overflow the stack.
 */
export function unsafeValueIssue(root: unknown): ToolInputIssue | undefined {
  const stack: Array<[unknown, string, number]> = [[root, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is too large a number (it must be finite)' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      // Named by the argument that holds it: the full path would be as long as the nesting.
      const argument = /^[^.[]*/.exec(path)![0];
      return {
        path: argument,
        message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels are accepted)`,
      };
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push([value[i], `${path}[${i}]`, depth + 1]);
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const child = (value as Record<string, unknown>)[key];
      if (key === '__proto__') return { path: childPath, message: 'this property name is not allowed' };
      // {"constructor":{"prototype":…}} reaches Object.prototype through a naive deep merge, as __proto__ does.
      if (
        key === 'constructor' &&
        typeof child === 'object' &&
        child !== null &&
        Object.hasOwn(child, 'prototype')
      )
        return { path: `${childPath}.prototype`, message: 'this property name is not allowed' };
      stack.push([child, childPath, depth + 1]);
    }
  }
  return undefined;
}
