import type { ToolCallback } from 'nestjs-tool-calling';

export { deferred, nextTurn, noInputTool as tool, type Deferred } from '../../chat/fixtures';

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
