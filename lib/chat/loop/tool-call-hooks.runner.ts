import { ChatMessages } from '../../errors/messages/chat.messages';
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
