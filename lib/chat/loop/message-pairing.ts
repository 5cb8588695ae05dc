import { RoundPreparationError } from '../../errors/round-preparation.error';
import { LoopSteeringMessages } from '../../errors/messages/loop-steering.messages';
import type { AssistantMessage, Message, ToolResponseMessage } from '../model/messages';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * Refuses messages a provider would refuse, or misread, because trimming split them: an assistant message with tool
 * calls not followed by the tool message answering exactly those calls, a tool message not after its calls.
 */
export function assertToolCallsPaired(messages: readonly Message[], round: number): void {
  if (!isList(messages) || messages.length === 0)
    throw new RoundPreparationError(round, LoopSteeringMessages.emptyMessages(round));
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message | undefined;
    if (typeof message !== 'object' || message === null || !ROLES.has(message.role))
      throw new RoundPreparationError(round, LoopSteeringMessages.notAMessage(round, i));
    if (message.role === 'assistant' && message.toolCalls?.length > 0) {
      const next = messages[i + 1];
      if (next?.role !== 'tool' || !answers(next, message))
        throw new RoundPreparationError(
          round,
          LoopSteeringMessages.unansweredToolCalls(
            round,
            i,
            message.toolCalls.map((call) => call.id),
          ),
        );
    } else if (message.role === 'tool') {
      const previous = messages[i - 1];
      if (previous?.role !== 'assistant' || !answers(message, previous))
        throw new RoundPreparationError(round, LoopSteeringMessages.orphanToolResults(round, i));
    }
  }
}

function answers(results: ToolResponseMessage, message: AssistantMessage): boolean {
  const calls = message.toolCalls;
  const responses = results.responses;
  if (!isList(responses) || responses.length !== calls.length) return false;
  const ids = new Set(calls.map((call) => call.id));
  return responses.every((response) => ids.delete(response.id));
}

/** `Array.isArray` without its narrowing to `any[]`: what the app gave is checked, not trusted. */
export function isList(value: unknown): boolean {
  return Array.isArray(value);
}
