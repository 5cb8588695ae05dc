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

  approvalDenied: (toolName: string, reason: string | undefined) =>
    `The user did not approve the call of "${toolName}", so it was not run` +
    (reason ? `. Their reason: ${reason}` : '') +
    '. Do not try again unless the user asks; tell them it was not done.',

  invalidDecision: () => 'a decision is { approved: boolean, reason?: string }',

  resumeWithMessages: () =>
    'resume() continues a paused run with its own conversation: the request may not add user text or messages',
};
