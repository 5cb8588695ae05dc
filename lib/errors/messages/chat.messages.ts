import type { ToolInputIssue } from '../types/tool-input-issue';
import type { ToolCallingLimitName } from '../types/tool-calling-limit-name';
import { previewValue } from './tool.messages';

function quotedList(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

function issuesText(issues: readonly ToolInputIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
}

const LIMIT_HINT: Record<ToolCallingLimitName, string> = {
  maxRounds: 'the most model requests one call may make',
  maxToolCallsPerRequest: 'the most tool calls one call may run',
  maxCallsPerTool: 'the most calls of one tool one call may run',
};

/** Texts of the chat client and the tool-calling loop: for the model (tool results) and for the caller (errors). */
export const ChatMessages = {
  invalidConversationId: (max: number) =>
    `a conversation id is a non-empty string of at most ${max} characters`,

  // --- sent to the model as error results -------------------------------------------------------------------
  noSuchTool: (toolName: string, available: readonly string[]) =>
    `Unknown tool ${previewValue(toolName)}. ` +
    (available.length > 0
      ? `The available tools are: ${quotedList(available)}. Call one of them, or answer without a tool.`
      : 'No tools are available in this conversation: answer without calling a tool.'),

  toolTimedOut: (toolName: string, timeoutMs: number) =>
    `Tool "${toolName}" did not finish within ${timeoutMs} ms and was cancelled.`,

  toolCallLimitForModel: (
    limit: 'maxToolCallsPerRequest' | 'maxCallsPerTool',
    value: number,
    toolName: string,
  ) =>
    limit === 'maxCallsPerTool'
      ? `Tool "${toolName}" was not run: it may be called at most ${value} times in this conversation. ` +
        'Answer with the results you already have.'
      : `Tool "${toolName}" was not run: at most ${value} tool calls are allowed in this conversation. ` +
        'Answer with the results you already have.',

  toolCallDenied: (toolName: string) => `The call to tool "${toolName}" was denied.`,

  toolResultTruncated: (shown: number, total: number) =>
    `\n[The result was truncated: it has ${total} characters and only the first ${shown} are shown. ` +
    'Ask for less (a narrower query, fewer fields) if you need the rest.]',

  // --- thrown to the caller ---------------------------------------------------------------------------------
  limitReached: (
    limit: ToolCallingLimitName,
    value: number,
    toolName: string | undefined,
    requested: number | undefined,
  ) => {
    if (requested !== undefined) {
      return (
        `Tool calling stopped: one model response asked for ${requested} tool calls, more than ` +
        `limits.${limit} (${value}) allows in a whole call, so none of them was run. Raise limits.${limit} if ` +
        'such responses are expected; error.history holds the conversation so far.'
      );
    }
    const what =
      limit === 'maxRounds'
        ? `the model was still asking for tools after ${value} rounds`
        : limit === 'maxCallsPerTool'
          ? `the model asked for tool "${toolName}" more than ${value} times`
          : `the model asked for more than ${value} tool calls`;
    return (
      `Tool calling stopped: ${what} (limits.${limit} is ${value}, ${LIMIT_HINT[limit]}). ` +
      `Raise limits.${limit}, or set limits.onLimit to 'tell-model'; error.history holds the conversation so far.`
    );
  },

  toolNamesNotResolved: (toolNames: readonly string[], hasResolver: boolean) =>
    hasResolver
      ? `No tool is registered under the name${toolNames.length > 1 ? 's' : ''} ${quotedList(toolNames)} ` +
        '(given with toolNames). Check the spelling, or register the tool.'
      : `Tool names cannot be resolved without a ToolCallbackResolver: ${quotedList(toolNames)} ` +
        '(given with toolNames). Use ToolCallingModule, give the ToolCallingManager a resolver, or pass the tools ' +
        'themselves with .tools() or .toolCallbacks().',

  structuredOutputInvalid: (target: string, text: string, issues: readonly ToolInputIssue[]) =>
    `The model's answer does not fit ${target}: ${issuesText(issues)}. The answer was ${previewValue(text)}`,

  invalidOption: (option: string, value: unknown, expected: string) =>
    `Invalid option ${option}: ${typeof value === 'number' ? String(value) : previewValue(value)}; expected ${expected}`,

  emptyPrompt: () =>
    'The request has no message to send: add one with .user(text), .system(text) or .messages(...)',

  notAToolObject: (what: string) =>
    `.tools() takes objects whose class has @Tool() methods, but received ${what}; ` +
    'pass ToolCallbacks and ToolCallbackProviders with .toolCallbacks() instead',

  notAToolCallback: (what: string) =>
    `.toolCallbacks() takes ToolCallbacks and ToolCallbackProviders, but received ${what}; ` +
    'pass objects with @Tool() methods with .tools() instead',

  scriptExhausted: (requestNumber: number, scriptLength: number | undefined, lastMessage: string) =>
    (scriptLength === undefined
      ? `ScriptedChatModel: the script function returned no response for request #${requestNumber}`
      : `ScriptedChatModel: request #${requestNumber} arrived, but the script has only ${scriptLength} ` +
        `response${scriptLength === 1 ? '' : 's'}`) +
    `; the request's last message was ${lastMessage}. Add a response to the script, or check why the loop ` +
    'made another request.',

  formatInstructions: (schema: string | undefined) =>
    'Your answer must be a JSON value, and nothing else: no explanation, no Markdown code fence.' +
    (schema ? `\nIt must conform to this JSON Schema:\n${schema}` : ''),
};
