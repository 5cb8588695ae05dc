import { ChatMemoryReadError } from '../errors/chat-memory-read.error';
import type { Message } from '../chat/model/messages';
import { isToolResultPart } from '../tool/result/tool-result-part.check';

const STORED_CONVERSATION_VERSION = 1;

/** A conversation as stored: `{"v":1,"messages":[…]}`. */
export function serializeConversation(messages: readonly Message[]): string {
  return JSON.stringify({ v: STORED_CONVERSATION_VERSION, messages });
}

const isString = (value: unknown): value is string => typeof value === 'string';

function messageIssue(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return 'is not an object';
  const m = message as Record<string, unknown>;
  switch (m.role) {
    case 'system':
    case 'user':
      return isString(m.content) ? undefined : 'has no text';
    case 'assistant':
      if (!isString(m.content) || !Array.isArray(m.toolCalls)) return 'has no text or tool calls';
      return (m.toolCalls as unknown[]).every((c) => isToolCall(c)) ? undefined : 'has a malformed tool call';
    case 'tool':
      if (!Array.isArray(m.responses)) return 'has no responses';
      return (m.responses as unknown[]).every((r) => isToolResponse(r))
        ? undefined
        : 'has a malformed tool response';
    default:
      return 'has no known role';
  }
}
function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function isToolCall(value: unknown): boolean {
  const c = fields(value);
  return isString(c.id) && isString(c.name) && isString(c.arguments);
}

function isToolResponse(value: unknown): boolean {
  const r = fields(value);
  return (
    isString(r.id) &&
    isString(r.name) &&
    isString(r.result) &&
    typeof r.isError === 'boolean' &&
    (r.content === undefined || (Array.isArray(r.content) && r.content.every(isToolResultPart))) &&
    (r.structuredContent === undefined ||
      (typeof r.structuredContent === 'object' && r.structuredContent !== null))
  );
}

/** One message as stored in a list (Redis): `{"v":1,"role":…,"message":{…}}`. */
export function serializeStoredMessage(message: Message): string {
  return JSON.stringify({ v: STORED_CONVERSATION_VERSION, role: message.role, message });
}

/** The messages of a conversation stored as a list of `serializeStoredMessage` entries. */
export function parseStoredMessages(conversationId: string, entries: readonly string[]): Message[] {
  return entries.map((entry, index) => {
    let value: { v?: unknown; message?: unknown } | null;
    try {
      value = JSON.parse(entry) as { v?: unknown; message?: unknown } | null;
    } catch {
      throw new ChatMemoryReadError(conversationId, `message ${index} is not JSON`);
    }
    if (typeof value !== 'object' || value === null || value.v !== STORED_CONVERSATION_VERSION)
      throw new ChatMemoryReadError(
        conversationId,
        `message ${index} is not version ${STORED_CONVERSATION_VERSION} of the stored format`,
      );
    const issue = messageIssue(value.message);
    if (issue) throw new ChatMemoryReadError(conversationId, `message ${index} ${issue}`);
    return value.message as Message;
  });
}

/** The messages of a stored conversation; a `ChatMemoryReadError` naming the conversation when it is not one. */
export function parseConversation(conversationId: string, text: string): Message[] {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ChatMemoryReadError(conversationId, 'the stored entry is not JSON');
  }
  const stored = value as { v?: unknown; messages?: unknown } | null;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    throw new ChatMemoryReadError(conversationId, 'the stored entry is not an object');
  if (stored.v !== STORED_CONVERSATION_VERSION)
    throw new ChatMemoryReadError(
      conversationId,
      `the stored entry has version ${JSON.stringify(stored.v) ?? 'none'}, this library reads version ${STORED_CONVERSATION_VERSION}`,
    );
  if (!Array.isArray(stored.messages))
    throw new ChatMemoryReadError(conversationId, 'the stored entry has no message list');
  stored.messages.forEach((message, index) => {
    const issue = messageIssue(message);
    if (issue) throw new ChatMemoryReadError(conversationId, `message ${index} ${issue}`);
  });
  return stored.messages as Message[];
}
