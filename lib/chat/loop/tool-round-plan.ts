import { ChatMessages } from '../../errors/messages/chat.messages';
import { ToolCallingLimitError, type ToolCallingLimitName } from '../../errors/tool-calling-limit.error';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import type { ToolCall } from '../model/messages';
import type { ResolvedToolCallingLimits } from './tool-calling-manager-options';
import type { ToolCallCounts, ToolRoundInput } from './tool-execution-result';

/** A call that runs its tool. */
export interface ToolTarget {
  readonly kind: 'tool';
  readonly callback: ToolCallback;
}

/** What runs for a call: the tool, a refusal for a call over a limit, or nothing for a name the model invented. */
export type Target =
  | ToolTarget
  | { readonly kind: 'over-limit'; readonly limit: ToolCallingLimitName; readonly message: string }
  | { readonly kind: 'unknown-tool' };

const UNKNOWN_TOOL: Target = Object.freeze({ kind: 'unknown-tool' });

/**
 * The target of each call of a round, with the call limits applied in one place. Every call the model asks for
 * counts toward the limits, invented names included; a response with more calls than `maxToolCallsPerRequest` is
 * refused whole, before any per-call work, whatever `onLimit` says.
 */
export function planToolRound(
  input: ToolRoundInput,
  tools: ReadonlyMap<string, ToolCallback>,
  limits: ResolvedToolCallingLimits,
  counter: ToolCallCounts,
): Target[] {
  const calls: readonly ToolCall[] = input.message.toolCalls;
  const { maxToolCallsPerRequest, maxCallsPerTool, onLimit } = limits;
  if (calls.length > maxToolCallsPerRequest) {
    throw limitError(input, 'maxToolCallsPerRequest', maxToolCallsPerRequest, undefined, calls.length);
  }
  return calls.map((call): Target => {
    let limit: 'maxToolCallsPerRequest' | 'maxCallsPerTool';
    let value: number;
    if (counter.total >= maxToolCallsPerRequest) {
      limit = 'maxToolCallsPerRequest';
      value = maxToolCallsPerRequest;
    } else if (counter.of(call.name) >= maxCallsPerTool) {
      limit = 'maxCallsPerTool';
      value = maxCallsPerTool;
    } else {
      counter.add(call.name);
      const callback = tools.get(call.name);
      return callback === undefined ? UNKNOWN_TOOL : { kind: 'tool', callback };
    }
    if (onLimit === 'error') {
      throw limitError(input, limit, value, limit === 'maxCallsPerTool' ? call.name : undefined);
    }
    return {
      kind: 'over-limit',
      limit,
      message: ChatMessages.toolCallLimitForModel(limit, value, call.name),
    };
  });
}

function limitError(
  input: ToolRoundInput,
  limit: 'maxToolCallsPerRequest' | 'maxCallsPerTool',
  value: number,
  toolName: string | undefined,
  requestedCalls?: number,
): ToolCallingLimitError {
  const { history: before, message } = input;
  const history = before[before.length - 1] === message ? before : before.concat(message);
  return new ToolCallingLimitError(limit, value, history, toolName, requestedCalls);
}

export function isSequential(target: Target): boolean {
  return target.kind === 'tool' && toolMetadataOf(target.callback).sequential === true;
}
