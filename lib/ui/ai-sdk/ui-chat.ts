import type { ChatClientRequestSpec } from '../../chat/client/chat-client-request-spec';
import { InvalidUIRequestError } from '../../errors/invalid-ui-request.error';
import {
  parseUIChatRequest,
  type UIChatRequestLimits,
  type UIMessageLike,
  type UIMessagePartLike,
} from './ui-chat-request';
import { toChatMessages, toolNameOf } from './ui-messages.converter';
import {
  continuedUIMessageStreamResponse,
  newUIMessageStreamResponse,
  type UIMessageStreamResponse,
} from './ui-message-stream.response';
import { CLIENT_TOOL_OUTPUTS, type ClientToolCallback, type ClientToolOutput } from './client-tool';
import { CLIENT_CALL_METADATA } from './ui-message-chunk.mapper';
import { isRecord } from '../../util/is-record';
import type { UIMessageStreamOptions } from './ui-message-stream.options';

/** Options of `streamUIChat()`. */
export interface UIChatOptions
  extends Omit<UIMessageStreamOptions, 'messageId' | 'conversationId'>, UIChatRequestLimits {
  /**
   * Whose history the model reads. `'server'`: chat memory's (the client's messages are ignored but the last);
   * `'client'`: the client's messages, checked and converted; `'auto'` (the default): the server's when the chat
   * client has chat memory.
   */
  readonly history?: 'auto' | 'client' | 'server';
  /**
   * Tools the browser runs (`onToolCall`): offered to the model with this request's tools; a call of one pauses
   * the run until the client's next request brings its output (see `ClientToolCallback`).
   */
  readonly clientTools?: readonly ClientToolCallback[];
}

interface ApprovalAnswer {
  readonly approvalId: string;
  readonly toolCallId: string;
  readonly approved: boolean;
  readonly reason?: string;
  /** A client tool's output. */
  readonly output?: ClientToolOutput;
}

/** The approval id a client tool's call carries in its provider metadata (`callProviderMetadata`). */
function clientCallApprovalId(part: UIMessagePartLike): string | undefined {
  const metadata = (part as { callProviderMetadata?: unknown }).callProviderMetadata;
  if (!isRecord(metadata)) return undefined;
  const ours = metadata[CLIENT_CALL_METADATA];
  return isRecord(ours) && typeof ours.approvalId === 'string' ? ours.approvalId : undefined;
}

function clientOutputOf(part: UIMessagePartLike): ClientToolOutput | undefined {
  if (part.state === 'output-available') return { output: part.output };
  if (part.state === 'output-error') return { errorText: part.errorText ?? 'the tool failed in the browser' };
  return undefined;
}

function approvalAnswersOf(message: UIMessageLike, clientTools: ReadonlySet<string>): ApprovalAnswer[] {
  const answers: ApprovalAnswer[] = [];
  for (const part of message.parts) {
    const name = toolNameOf(part);
    const clientApprovalId =
      name !== undefined && clientTools.has(name) ? clientCallApprovalId(part) : undefined;
    const output = clientApprovalId === undefined ? undefined : clientOutputOf(part);
    if (clientApprovalId !== undefined && output !== undefined) {
      answers.push({ approvalId: clientApprovalId, toolCallId: part.toolCallId!, approved: true, output });
      continue;
    }
    const approval = part.approval;
    if (part.state !== 'approval-responded' || approval?.approved === undefined) continue;
    if (toolNameOf(part) === undefined) continue;
    answers.push({
      approvalId: approval.id,
      toolCallId: part.toolCallId!,
      approved: approval.approved,
      ...(approval.reason !== undefined && { reason: approval.reason }),
    });
  }
  return answers;
}

function userTextOf(parts: readonly UIMessagePartLike[]): string {
  let text = '';
  for (const part of parts) if (part.type === 'text') text += part.text;
  return text;
}

/**
 * Answers a `useChat` request: reads its body (`parseUIChatRequest()`), and streams the answer as the AI SDK UI
 * message stream, with `prompt` (the controller's `chat.prompt()`, with its tool context and caller) as the
 * request.
 *
 * - A new user message is sent in the conversation `body.id`: with chat memory the stored history is the model's
 *   (the client's copy is not trusted), without it the client's messages are converted (text, tool calls and
 *   results; never a client's system message).
 * - Approvals answered in the client's last assistant message (`addToolApprovalResponse`) are decided as
 *   `prompt.resume()` decides them (the same caller check: only who asked may decide) and the paused call goes on;
 *   the stream continues that message. A refused decision throws before anything is streamed (an HTTP error).
 * - Outputs of client tools (`clientTools`, run by the browser's `onToolCall`) in that message resume their paused
 *   calls the same way, the output being the call's result.
 */
export async function streamUIChat(
  prompt: ChatClientRequestSpec,
  body: unknown,
  options: UIChatOptions = {},
): Promise<UIMessageStreamResponse> {
  const request = parseUIChatRequest(body, options);
  const {
    history = 'auto',
    clientTools: clientToolCallbacks = [],
    maxMessages: _maxMessages,
    maxParts: _maxParts,
    ...streamOptions
  } = options;
  const clientTools = new Set(clientToolCallbacks.map((tool) => tool.getToolDefinition().name));
  const last = request.messages[request.messages.length - 1];
  const spec = prompt.conversationId(request.id);
  if (clientToolCallbacks.length > 0) spec.toolCallbacks(...clientToolCallbacks);
  if (last.role === 'assistant') {
    const answers = approvalAnswersOf(last, clientTools);
    const outputs = new Map<string, ClientToolOutput>();
    for (const answer of answers) if (answer.output) outputs.set(answer.toolCallId, answer.output);
    if (outputs.size > 0) spec.toolContext({ [CLIENT_TOOL_OUTPUTS]: outputs });
    if (answers.length === 0)
      throw new InvalidUIRequestError(
        'UI message stream',
        `messages[${request.messages.length - 1}]`,
        'must be a user message, or an assistant message with answered approvals',
      );
    for (const answer of answers.slice(0, -1))
      await spec.resume(answer.approvalId, decisionOf(answer)).chatResponse();
    const final = answers[answers.length - 1];
    return continuedUIMessageStreamResponse(
      spec.resumeStream(final.approvalId, decisionOf(final)),
      { ...streamOptions, messageId: last.id, conversationId: request.id },
      {
        knownToolCallIds: new Set(
          last.parts.filter((part) => part.toolCallId !== undefined).map((part) => part.toolCallId!),
        ),
        deniedToolCallIds: new Set(answers.filter((a) => !a.approved).map((a) => a.toolCallId)),
      },
      clientTools,
    );
  }
  if (last.role !== 'user')
    throw new InvalidUIRequestError(
      'UI message stream',
      `messages[${request.messages.length - 1}].role`,
      "must be 'user' or 'assistant' in the last message",
    );
  const serverHistory = history === 'server' || (history === 'auto' && spec.usesChatMemory);
  if (!serverHistory) spec.messages(toChatMessages(request.messages.slice(0, -1)));
  spec.user(userTextOf(last.parts));
  return newUIMessageStreamResponse(
    spec.stream(),
    { ...streamOptions, conversationId: request.id },
    clientTools,
  );
}

function decisionOf(answer: ApprovalAnswer): { approved: boolean; reason?: string } {
  return answer.reason === undefined
    ? { approved: answer.approved }
    : { approved: answer.approved, reason: answer.reason };
}
