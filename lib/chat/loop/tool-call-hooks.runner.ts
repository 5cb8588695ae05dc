import { ChatMessages } from '../../errors/messages/chat.messages';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolCall, ToolResponse } from '../model/messages';
import type { ToolCallHookContext, ToolCallHooks } from './tool-call-hooks';

/** What the `beforeToolCall` hooks decided: the arguments to run with, or the refusal the model is sent. */
export type BeforeHooksOutcome =
  | { readonly action: 'run'; readonly arguments: string }
  | { readonly action: 'deny'; readonly arguments: string; readonly response: ToolResponse };

/** Asks each hook's `beforeToolCall` in turn; a rewrite is seen by the hooks after it, a denial ends the asking. */
export async function runBeforeHooks(
  hooks: readonly ToolCallHooks[],
  context: ToolCallHookContext,
  call: ToolCall,
): Promise<BeforeHooksOutcome> {
  let args = call.arguments;
  for (const hook of hooks) {
    if (!hook.beforeToolCall) continue;
    const toolCall = args === call.arguments ? call : { ...call, arguments: args };
    const decision = await hook.beforeToolCall({ ...context, toolCall });
    if (!decision || decision.action === 'allow') continue;
    if (decision.action === 'deny') {
      const result = decision.message ?? ChatMessages.toolCallDenied(context.toolDefinition.name);
      return {
        action: 'deny',
        arguments: args,
        response: { id: call.id, name: call.name, result, isError: true },
      };
    }
    args = typeof decision.arguments === 'string' ? decision.arguments : JSON.stringify(decision.arguments);
  }
  return { action: 'run', arguments: args };
}

/** Gives each hook's `afterToolCall` the response in turn; each may replace it. */
export async function runAfterHooks(
  hooks: readonly ToolCallHooks[],
  context: ToolCallHookContext,
  call: ToolCall,
  args: string,
  response: ToolResponse,
): Promise<ToolResponse> {
  for (const hook of hooks) {
    if (!hook.afterToolCall) continue;
    const decision = await hook.afterToolCall({ ...context, arguments: args, toolResponse: response });
    if (decision) {
      response = {
        id: call.id,
        name: call.name,
        result: decision.result,
        isError: decision.isError ?? response.isError,
      };
    }
  }
  return response;
}

/**
 * A call with the hooks around it: the `beforeToolCall` hooks may rewrite its arguments or deny it (`denied` is
 * told), it runs with the arguments they settle on, and the `afterToolCall` hooks may replace its response.
 * `context` is the chat call's, with the signal of the call's round.
 */
export async function runWithHooks(
  hooks: readonly ToolCallHooks[],
  call: ToolCall,
  callback: ToolCallback,
  round: number,
  context: ToolContext,
  run: {
    readonly execute: (args: string) => ToolResponse | Promise<ToolResponse>;
    readonly denied: () => void;
  },
): Promise<ToolResponse> {
  const definition = callback.getToolDefinition();
  const hookContext: ToolCallHookContext = {
    toolCall: call,
    toolDefinition: definition,
    toolMetadata: toolMetadataOf(callback),
    context: context.forTool(definition.name),
    round,
  };
  const before = await runBeforeHooks(hooks, hookContext, call);
  if (before.action === 'deny') {
    run.denied();
    return runAfterHooks(hooks, hookContext, call, before.arguments, before.response);
  }
  const response = await run.execute(before.arguments);
  return runAfterHooks(hooks, hookContext, call, before.arguments, response);
}
