import type { ToolCallback } from './tool-callback';

const FIXED_DEFINITION = Symbol('nestjs-tool-calling:fixed-definition');

/** Marks a callback class whose instances fix their definition when built, so callers may keep it without rechecking. */
export function markFixedDefinition(target: { prototype: object }): void {
  Object.defineProperty(target.prototype, FIXED_DEFINITION, { value: true });
}

/** Whether this callback's definition never changes (one of the library's own callbacks). */
export function hasFixedDefinition(callback: ToolCallback): boolean {
  return (callback as { [FIXED_DEFINITION]?: boolean })[FIXED_DEFINITION] === true;
}
