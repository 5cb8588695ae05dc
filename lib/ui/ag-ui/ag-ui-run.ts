import type { RunAgentInput, Message } from '@ag-ui/core';
import type { ChatClientRequestSpec } from '../../chat/client/chat-client-request-spec';
import {
  assistantMessage,
  toolResponseMessage,
  userMessage,
  type Message as ChatMessage,
  type ToolResponse,
} from '../../chat/model/messages';
import { InvalidUIRequestError } from '../../errors/invalid-ui-request.error';
import { isRecord } from '../../util/is-record';
import { requireOptional } from '../../util/optional-require';
import { agUiStreamResponse, type AgUiStreamOptions, type AgUiStreamResponse } from './ag-ui-stream.response';

const PROTOCOL = 'AG-UI';

/** An AG-UI message (`@ag-ui/core`'s `Message`), as `agUiToChatMessages()` takes it. */
export type AgUiMessage = Message;

/**
 * Reads an AG-UI `RunAgentInput` (what `HttpAgent` posts) with `@ag-ui/core`'s own schema, or throws
 * `InvalidUIRequestError` saying where it is wrong (a 400 through `ToolCallingExceptionFilter`).
 */
export function parseRunAgentInput(body: unknown): RunAgentInput {
  const { RunAgentInputSchema } = requireOptional<typeof import('@ag-ui/core/schemas')>(
    '@ag-ui/core/schemas',
    'reading an AG-UI run input',
    '@ag-ui/core',
  );
  const parsed = RunAgentInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new InvalidUIRequestError(PROTOCOL, issue.path.map(String).join('.'), issue.message.toLowerCase());
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => isRecord(part) && part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/**
 * An AG-UI conversation as the model's messages: user and assistant text, the assistant's tool calls, tool
 * results. System and developer messages from a client are dropped (the server sets the instructions).
 */
export function agUiToChatMessages(messages: readonly AgUiMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let results: ToolResponse[] = [];
  const names = new Map<string, string>();
  const flush = (): void => {
    if (results.length > 0) out.push(toolResponseMessage(results));
    results = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      results.push({
        id: message.toolCallId,
        name: names.get(message.toolCallId) ?? 'unknown',
        result: message.error ?? textOf(message.content),
        isError: message.error !== undefined,
      });
      continue;
    }
    flush();
    if (message.role === 'user') out.push(userMessage(textOf(message.content)));
    else if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map((call) => {
        names.set(call.id, call.function.name);
        return { id: call.id, name: call.function.name, arguments: call.function.arguments };
      });
      out.push(assistantMessage(textOf(message.content), calls));
    }
  }
  flush();
  return out;
}

/** Options of `streamAgUiRun()`. */
export interface AgUiRunOptions extends AgUiStreamOptions {
  /** Whose history the model reads, as `UIChatOptions.history`: `'auto'` (the server's with chat memory). */
  readonly history?: 'auto' | 'client' | 'server';
}

/**
 * Answers an AG-UI run (`RunAgentInput`, what `HttpAgent` posts) with `prompt` (the controller's `chat.prompt()`):
 * the thread is the conversation; `resume` entries answer the approvals of a run that ended with interrupts
 * (`{ approved, reason? }` as payload; a cancelled entry denies), with `prompt.resume()`'s caller check; otherwise
 * the last user message is sent (with the client's history when there is no chat memory).
 */
export async function streamAgUiRun(
  prompt: ChatClientRequestSpec,
  body: unknown,
  options: AgUiRunOptions = {},
): Promise<AgUiStreamResponse> {
  const input = parseRunAgentInput(body);
  const { history = 'auto', ...streamOptions } = options;
  const run = { threadId: input.threadId, runId: input.runId };
  const spec = prompt.conversationId(input.threadId);
  const answers = input.resume ?? [];
  if (answers.length > 0) {
    const decisions = answers.map((entry) => ({ id: entry.interruptId, decision: decisionOf(entry) }));
    for (const { id, decision } of decisions.slice(0, -1)) await spec.resume(id, decision).chatResponse();
    const final = decisions[decisions.length - 1];
    return agUiStreamResponse(spec.resumeStream(final.id, final.decision), run, streamOptions);
  }
  const messages = input.messages;
  const last = messages[messages.length - 1];
  if (last?.role !== 'user')
    throw new InvalidUIRequestError(
      PROTOCOL,
      'messages',
      'must end with a user message, or come with resume entries',
    );
  const serverHistory = history === 'server' || (history === 'auto' && spec.usesChatMemory);
  if (!serverHistory) spec.messages(agUiToChatMessages(messages.slice(0, -1)));
  spec.user(textOf(last.content));
  return agUiStreamResponse(spec.stream(), run, streamOptions);
}

function decisionOf(entry: NonNullable<RunAgentInput['resume']>[number]): {
  approved: boolean;
  reason?: string;
} {
  if (entry.status !== 'resolved') return { approved: false, reason: 'cancelled' };
  const payload: unknown = entry.payload;
  const approved = isRecord(payload) && payload.approved === true;
  const reason = isRecord(payload) && typeof payload.reason === 'string' ? payload.reason : undefined;
  return reason === undefined ? { approved } : { approved, reason };
}
