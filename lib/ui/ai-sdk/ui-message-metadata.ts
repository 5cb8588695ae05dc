import type { FinishReason, Usage } from '../../chat/model/chat-response';

/**
 * The metadata this library gives the assistant message of a UI message stream (`message.metadata` in the AI SDK's
 * clients): the conversation it belongs to at `start`, how the call went at `finish`. An app's own fields
 * (`UIMessageStreamOptions.messageMetadata`) are merged in.
 */
export interface ChatMessageMetadata {
  /** The conversation (the `id` of `useChat`), when the stream was made for one. */
  readonly conversationId?: string;
  /** Tokens summed over every model request of the call, when the provider says (at `finish`). */
  readonly usage?: Usage;
  /** Model requests made (at `finish`). */
  readonly rounds?: number;
  /** Why the last model response ended, in this library's words (at `finish`). */
  readonly finishReason?: FinishReason;
  /** Anything the app adds. */
  readonly [key: string]: unknown;
}
