import { toolMetadataOf } from '../../tool/tool-callback';
import { toolResponseMessage, type ToolResponse } from '../model/messages';
import type { ToolCallAwaitingApproval, ToolRoundInput, ToolExecutionResult } from './tool-execution-result';
import type { Target } from './tool-round-plan';

/**
 * What a round gives back: the history with the assistant message and the tools' message (only the assistant
 * message while calls wait for approval), the responses in call order, and whether the round ends the call because
 * every call was a successful `returnDirect` tool.
 */
export function roundResult(
  input: ToolRoundInput,
  targets: readonly Target[],
  responses: ToolResponse[],
  awaiting: ToolCallAwaitingApproval[] | undefined,
): ToolExecutionResult {
  const { history, message } = input;
  const answered = history[history.length - 1] === message;
  if (awaiting) {
    awaiting.sort((a, b) => a.index - b.index);
    return {
      conversationHistory: answered ? history : [...history, message],
      toolResponses: responses,
      returnDirect: false,
      awaitingApproval: awaiting,
    };
  }
  const toolMessage = toolResponseMessage(responses);
  return {
    // Spread, not concat(): concat looks up Symbol.isConcatSpreadable on each message it is given, which made it
    // 5x slower here, once per round.
    conversationHistory: answered ? [...history, toolMessage] : [...history, message, toolMessage],
    toolResponses: responses,
    returnDirect: targets.length > 0 && allReturnDirect(targets, responses),
  };
}

function allReturnDirect(targets: readonly Target[], responses: readonly ToolResponse[]): boolean {
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i];
    if (target.kind !== 'tool' || !toolMetadataOf(target.callback).returnDirect || responses[i].isError)
      return false;
  }
  return true;
}
