/** How to tell the library who the caller is: the end of every message about a caller without an id. */
const CALLER_ID_HOW_TO =
  'Set approvals.callerId in the options of ToolCallingModule.forRoot() (or of ChatClient.create()) to a function ' +
  'that returns the id of the user your authentication guard put on the HTTP request, e.g. ' +
  'approvals: { callerId: (request) => request.user?.email } (outside an HTTP request it gets the request given ' +
  'with .request(), or undefined)';

/** Message texts of chat memory, approvals and the stores behind them. Never an id, a URL or a stored value. */
export const StateMessages = {
  memoryUnreadable: (conversationId: string, reason: string) =>
    `the chat memory of conversation ${JSON.stringify(conversationId)} cannot be read: ${reason}; ` +
    'the stored entry was left as it is (clear it, or fix it, to go on with this conversation)',

  approvalUnreadable: (reason: string) =>
    `the paused run of this approval cannot be read: ${reason}; the approval was left undecided`,

  storeUnavailable: (store: string, operation: string, reason: string) =>
    `${store} is unreachable (${operation}): ${reason}; nothing was written`,

  approvalNotFound: () =>
    'there is no pending approval with this id (it was never issued, or has been removed after it expired)',

  approvalAlreadyDecided: (toolName: string) =>
    `the approval of the call of "${toolName}" has already been decided; a decision is single-use`,

  approvalExpired: (toolName: string, expiredAt: string) =>
    `the approval of the call of "${toolName}" expired at ${expiredAt}; ask the question again`,

  approvalForbidden: (toolName: string) =>
    `this caller may not decide the approval of the call of "${toolName}" (it belongs to another user)`,

  pauseWithoutCaller: (toolNames: readonly string[]) =>
    `the call of ${toolNames.map((name) => `"${name}"`).join(', ')} needs a person's approval, but the caller has ` +
    'no id, so nobody could be checked as the one to decide it: the call was not paused and nothing was stored. ' +
    CALLER_ID_HOW_TO,

  decisionWithoutCaller: () =>
    'this approval cannot be decided: the caller has no id, so it cannot be checked against the one who asked; ' +
    'nothing was decided. ' +
    CALLER_ID_HOW_TO,

  approvalsWithoutCallerId: (toolNames: readonly string[]) =>
    `${toolNames.map((name) => `"${name}"`).join(', ')} ${toolNames.length === 1 ? 'needs' : 'need'} a person's ` +
    'approval, and no approvals.callerId is configured: the default reads request.user (its id, sub, userId or ' +
    'username), which nothing shows before a request comes. A call that would pause, or a decision, whose request ' +
    'has no such user is refused with ApprovalCallerUnknownError. ' +
    CALLER_ID_HOW_TO,

  approvalDenied: (toolName: string, reason: string | undefined) =>
    `The user did not approve the call of "${toolName}", so it was not run` +
    (reason ? `. Their reason: ${reason}` : '') +
    '. Do not try again unless the user asks; tell them it was not done.',

  outcomeUnknown: (toolName: string) =>
    `The outcome of this call of "${toolName}" is unknown (the worker running it stopped): it may or may not have ` +
    'taken effect, and it was not run again. Check before calling it again.',

  invalidDecision: () => 'a decision is { approved: boolean, reason?: string }',

  resumeWithMessages: () =>
    'resume() continues a paused run with its own conversation: the request may not add user text or messages',
};
