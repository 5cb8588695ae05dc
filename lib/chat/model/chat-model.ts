import type { ChatResponse, FinishReason, Usage } from './chat-response';
import type { Prompt } from './prompt';

/** What a `ChatModel` request runs with besides the prompt. */
export interface ChatModelCallOptions {
  /** Aborts the request; an adapter rejects with the signal's reason (an `AbortError`). */
  readonly signal?: AbortSignal;
}

/**
 * A piece of a streamed response. Tool calls arrive in fragments: the first fragment of a call carries its `index`,
 * `id` and `name`, later ones more of its `arguments` text; several calls may be interleaved by `index`.
 */
export type ChatResponseChunk =
  | { readonly type: 'text-delta'; readonly text: string }
  | {
      readonly type: 'tool-call-delta';
      readonly index: number;
      readonly id?: string;
      readonly name?: string;
      readonly argumentsDelta?: string;
    }
  | {
      readonly type: 'finish';
      readonly finishReason: FinishReason;
      readonly usage?: Usage;
      readonly metadata?: Readonly<Record<string, unknown>>;
      /** The assembled message's `metadata` (what the provider needs back with it in the next request). */
      readonly messageMetadata?: Readonly<Record<string, unknown>>;
    };

/** The port to a model provider: one request in, one response (or a stream of chunks) out. */
export interface ChatModel {
  /** Who serves the requests, for telemetry (`gen_ai.provider.name`): `openai`, `anthropic`… Default: the class name. */
  readonly providerName?: string;
  /** The model asked when the options name none, for telemetry (`gen_ai.request.model`). */
  readonly model?: string;
  /**
   * `true` when the provider searches deferred tools itself: the adapter sends a definition with `deferLoading` as
   * the provider's deferred tool, with the provider's tool search tool, and carries the search's blocks in the
   * assistant message's `metadata` to the next request. `ToolSearchAdvisor({ native: true })` then uses it.
   */
  readonly nativeToolSearch?: boolean;
  /** One request; the whole response. */
  call(prompt: Prompt, options?: ChatModelCallOptions): Promise<ChatResponse>;
  /** One request, its response in pieces as they come. */
  stream(prompt: Prompt, options?: ChatModelCallOptions): AsyncIterable<ChatResponseChunk>;
}
