import { InvalidToolInputError } from '../../errors/invalid-tool-input.error';
import { describeType } from '../../tool-calling.messages';

/**
 * Parses the JSON text of a tool call. Blank text means `{}`. Anything but a JSON object, and any object with a
 * `__proto__` key at any depth, is refused with a message for the model.
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
  const forbidden = findProtoKey(value);
  if (forbidden !== undefined) {
    throw new InvalidToolInputError(toolName, [
      { path: forbidden, message: 'this property name is not allowed' },
    ]);
  }
  return value as Record<string, unknown>;
}

/** Iterative, so that deeply nested input cannot overflow the stack. */
function findProtoKey(root: object): string | undefined {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push([value[i], `${path}[${i}]`]);
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key === '__proto__') return childPath;
      stack.push([(value as Record<string, unknown>)[key], childPath]);
    }
  }
  return undefined;
}
