import type { ToolInputIssue } from '../types/tool-input-issue';

function quoted(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((name) => `"${name}"`).join(', ');
}

/** Texts of the loop's steering: round preparation, stop conditions, result elision, structured output repair. */
export const LoopSteeringMessages = {
  // --- thrown to the caller ---------------------------------------------------------------------------------
  unknownActiveTools: (round: number, unknown: readonly string[], available: readonly string[]) =>
    `prepareRound (round ${round}) made active tools that are not among the run's tools: ${quoted(unknown)}. ` +
    `The run's tools are: ${quoted(available)}.`,

  toolChoiceNotOffered: (round: number, name: string, offered: readonly string[]) =>
    `prepareRound (round ${round}) forces tool "${name}", which is not offered in that round. ` +
    `The tools offered are: ${quoted(offered)}.`,

  toolChoiceWithoutTools: (round: number) =>
    `prepareRound (round ${round}) requires a tool call ("required"), but no tool is offered in that round.`,

  emptyMessages: (round: number) => `prepareRound (round ${round}) left no message to send.`,

  notAMessage: (round: number, index: number) =>
    `prepareRound (round ${round}) returned messages whose item ${index} is not a message ` +
    '(an object with role "system", "user", "assistant" or "tool").',

  unansweredToolCalls: (round: number, index: number, ids: readonly string[]) =>
    `prepareRound (round ${round}) trimmed the messages between tool calls and their results: the assistant ` +
    `message at ${index} asks for ${quoted(ids)}, which the next message does not answer exactly. ` +
    'Keep or drop an assistant message with tool calls together with the tool message that follows it.',

  orphanToolResults: (round: number, index: number) =>
    `prepareRound (round ${round}) trimmed the messages between tool calls and their results: the tool message ` +
    `at ${index} does not follow the assistant message whose calls it answers. ` +
    'Keep or drop an assistant message with tool calls together with the tool message that follows it.',

  unknownStopTool: (toolName: string, available: readonly string[]) =>
    `hasToolCall("${toolName}") names no tool of this call, so it could never hold. ` +
    `The call's tools are: ${quoted(available)}.`,

  notAPreparation: (round: number, what: string) =>
    `prepareRound (round ${round}) must return an object of changes (or nothing), but returned ${what}.`,

  // --- sent to the model -------------------------------------------------------------------------------------
  elidedToolResult: (toolName: string, callId: string, chars: number) =>
    `[The result of tool "${toolName}" (call ${callId}) was elided to save space: it had ${chars} characters. ` +
    'Call the tool again if you need it.]',

  repairRequest: (target: string, issues: readonly ToolInputIssue[]) =>
    `Your answer does not fit ${target}:\n` +
    issues.map((issue) => `- ${issue.path ? `${issue.path}: ` : ''}${issue.message}`).join('\n') +
    '\nAnswer again with the corrected JSON value only, following the format given earlier.',
};
