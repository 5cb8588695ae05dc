import { InvalidUIRequestError } from '../../errors/invalid-ui-request.error';
import { isRecord } from '../../util/is-record';

const PROTOCOL = 'UI message stream';
const MAX_ID_LENGTH = 256;

/** A part of a `UIMessage`, as this library reads it; other part types (files, sources, data) are kept, unread. */
export interface UIMessagePartLike {
  /** `text`, `reasoning`, `step-start`, `tool-<name>`, `dynamic-tool`, `file`, `data-<name>`… */
  readonly type: string;
  /** Of `text` and `reasoning` parts. */
  readonly text?: string;
  /** Of tool parts. */
  readonly toolCallId?: string;
  /** Of `dynamic-tool` parts. */
  readonly toolName?: string;
  /** Of tool parts: `input-streaming`, `input-available`, `approval-requested`, `approval-responded`, `output-*`. */
  readonly state?: string;
  /** Of tool parts: the call's arguments. */
  readonly input?: unknown;
  /** Of tool parts in `output-available`. */
  readonly output?: unknown;
  /** Of tool parts in `output-error`. */
  readonly errorText?: string;
  /** Of tool parts that asked for approval: the id, and the answer once given (`addToolApprovalResponse`). */
  readonly approval?: { readonly id: string; readonly approved?: boolean; readonly reason?: string };
}

/** A message of `useChat` (the `ai` package's `UIMessage`), as this library reads it. */
export interface UIMessageLike {
  /** The message's id. */
  readonly id: string;
  /** Who wrote it. */
  readonly role: 'system' | 'user' | 'assistant';
  /** Its parts, in order. */
  readonly parts: readonly UIMessagePartLike[];
  /** The app's metadata of the message. */
  readonly metadata?: unknown;
}

/** The body `useChat`'s `DefaultChatTransport` posts, validated. */
export interface UIChatRequestBody {
  /** The chat's id: the conversation id. */
  readonly id: string;
  /** The whole conversation as the client has it, the new message last. */
  readonly messages: readonly UIMessageLike[];
  /** `submit-message` (a new message, or answers to approvals and tool calls) or `regenerate-message`. */
  readonly trigger: 'submit-message' | 'regenerate-message';
  /** The message to regenerate (`regenerate-message`). */
  readonly messageId?: string;
}

/** Limits of `parseUIChatRequest()`. */
export interface UIChatRequestLimits {
  /** The most messages a body may hold; 1,000 by default. */
  readonly maxMessages?: number;
  /** The most parts a message may hold; 1,000 by default. */
  readonly maxParts?: number;
}

function fail(path: string, problem: string): never {
  throw new InvalidUIRequestError(PROTOCOL, path, problem);
}

function checkId(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_ID_LENGTH)
    fail(path, `must be a non-empty string of at most ${MAX_ID_LENGTH} characters`);
  return value;
}

function optionalString(part: Record<string, unknown>, key: string, path: string): void {
  if (part[key] !== undefined && typeof part[key] !== 'string') fail(`${path}.${key}`, 'must be a string');
}

function checkPart(value: unknown, path: string): UIMessagePartLike {
  if (!isRecord(value) || typeof value.type !== 'string' || value.type === '')
    fail(path, 'must be an object with a string `type`');
  const type = value.type;
  if (type === 'text' || type === 'reasoning') {
    if (typeof value.text !== 'string') fail(`${path}.text`, 'must be a string');
  } else if (type.startsWith('tool-') || type === 'dynamic-tool') {
    checkId(value.toolCallId, `${path}.toolCallId`);
    if (typeof value.state !== 'string') fail(`${path}.state`, 'must be a string');
    if (type === 'dynamic-tool') checkId(value.toolName, `${path}.toolName`);
    optionalString(value, 'errorText', path);
    if (value.approval !== undefined) {
      const approval = value.approval;
      if (!isRecord(approval)) fail(`${path}.approval`, 'must be an object');
      checkId(approval.id, `${path}.approval.id`);
      if (approval.approved !== undefined && typeof approval.approved !== 'boolean')
        fail(`${path}.approval.approved`, 'must be a boolean');
      optionalString(approval, 'reason', `${path}.approval`);
    }
  }
  return value as unknown as UIMessagePartLike;
}

function checkMessage(value: unknown, path: string, maxParts: number): UIMessageLike {
  if (!isRecord(value)) fail(path, 'must be an object');
  checkId(value.id, `${path}.id`);
  if (value.role !== 'system' && value.role !== 'user' && value.role !== 'assistant')
    fail(`${path}.role`, "must be 'system', 'user' or 'assistant'");
  if (!Array.isArray(value.parts)) fail(`${path}.parts`, 'must be an array');
  if (value.parts.length > maxParts) fail(`${path}.parts`, `must hold at most ${maxParts} parts`);
  value.parts.forEach((part, index) => checkPart(part, `${path}.parts[${index}]`));
  return value as unknown as UIMessageLike;
}

/**
 * Reads the body `useChat` posts (`{ id, messages, trigger, messageId? }`, and whatever the app adds): checks its
 * shape, or throws `InvalidUIRequestError` saying where it is wrong (a 400 through `ToolCallingExceptionFilter`).
 * The messages are checked as far as this library reads them; it trusts none of them (see `UIChat`).
 */
export function parseUIChatRequest(body: unknown, limits: UIChatRequestLimits = {}): UIChatRequestBody {
  const maxMessages = limits.maxMessages ?? 1000;
  const maxParts = limits.maxParts ?? 1000;
  if (!isRecord(body)) fail('', 'must be a JSON object');
  const id = checkId(body.id, 'id');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    fail('messages', 'must be a non-empty array');
  if (body.messages.length > maxMessages) fail('messages', `must hold at most ${maxMessages} messages`);
  const messages = body.messages.map((message, index) =>
    checkMessage(message, `messages[${index}]`, maxParts),
  );
  const trigger = body.trigger ?? 'submit-message';
  if (trigger !== 'submit-message' && trigger !== 'regenerate-message')
    fail('trigger', "must be 'submit-message' or 'regenerate-message'");
  if (body.messageId !== undefined) checkId(body.messageId, 'messageId');
  return {
    id,
    messages,
    trigger,
    ...(typeof body.messageId === 'string' && { messageId: body.messageId }),
  };
}
