/**
 * What a thrown value says, as text, for an error message. Never throws: a tool may throw anything, including an
 * object whose `toString`, `message` getter or proxy traps throw themselves.
 */
export function thrownValueText(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return textOf(value.message);
    if (typeof value === 'object' && value !== null) {
      const message = (value as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
    return String(value);
  } catch {
    return `a thrown ${thrownValueClass(value)} that cannot be shown`;
  }
}

/** The class of a thrown value (`TypeError`, `Object`), or its type (`string`, `undefined`). Never throws. */
export function thrownValueClass(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object' && typeof value !== 'function') return typeof value;
  try {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name ? name : 'object';
  } catch {
    return 'object';
  }
}

/** Whether `value` is an instance of `type`, as false when asking throws (a revoked proxy). */
export function isInstanceOf(value: unknown, type: Function): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}

function textOf(message: unknown): string {
  return typeof message === 'string' ? message : String(message);
}
