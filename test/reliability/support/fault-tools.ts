import { FunctionToolCallback, type ToolCallback, type ToolContext } from '../../../lib';

export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A tool without input that runs `fn` with its context. */
export function tool(
  name: string,
  fn: (context: ToolContext) => unknown,
  options: { timeoutMs?: number } = {},
): FunctionToolCallback {
  return FunctionToolCallback.from({
    name,
    description: name,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    fn: (_input: unknown, context: ToolContext) => fn(context),
    ...options,
  });
}

/** A hand-written callback whose `call` throws before returning a promise. */
export function throwingCallback(name: string, error: unknown): ToolCallback {
  return {
    getToolDefinition: () => ({ name, description: name, inputSchema: { type: 'object' } }),
    getToolMetadata: () => ({ returnDirect: false }),
    call: () => {
      throw error;
    },
  };
}

/** Every model request's tool calls, by name, all in one response. */
export function calling(...names: string[]) {
  return { toolCalls: names.map((name) => ({ id: name, name })) };
}

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
