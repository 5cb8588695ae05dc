import { ToolCallingError } from '../../errors/tool-calling.error';
import { ToolExecutionError } from '../../errors/tool-execution.error';
import { isInstanceOf } from '../../errors/messages/thrown-value-text';
import { parseToolInputJson } from '../../tool/input/tool-input-json';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolCall } from '../model/messages';

/**
 * Validates a call's arguments and asks its tool's approval policy: the arguments when the call must wait for a
 * person, `'run'` when the policy lets it run now, the input error when the arguments are invalid (the model is
 * told, as for any call).
 */
export async function checkApproval(
  call: ToolCall,
  callback: ToolCallback,
  context: ToolContext,
): Promise<{ readonly arguments: Record<string, unknown> } | 'run' | Error> {
  const definition = callback.getToolDefinition();
  let args: Record<string, unknown>;
  try {
    args = callback.validateInput
      ? await callback.validateInput(call.arguments)
      : parseToolInputJson(call.arguments, definition.name);
  } catch (error) {
    return isInstanceOf(error, ToolCallingError)
      ? (error as Error)
      : new ToolExecutionError(definition, error);
  }
  const policy = toolMetadataOf(callback).approval;
  const needed =
    policy === true ||
    (typeof policy === 'function' &&
      (await policy({ toolName: definition.name, arguments: args }, context.forTool(definition.name))));
  return needed ? { arguments: args } : 'run';
}
