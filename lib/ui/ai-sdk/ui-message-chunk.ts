/**
 * The chunks of the AI SDK's UI message stream (protocol v1) that this library sends: the subset of the `ai`
 * package's `UIMessageChunk` that its v6 and v7 clients both read. Declared here, so that the entry does not need
 * the `ai` package; a type test holds it assignable to `ai`'s own.
 */
export type UIMessageStreamChunk =
  | { readonly type: 'start'; readonly messageId?: string; readonly messageMetadata?: unknown }
  | { readonly type: 'start-step' }
  | { readonly type: 'finish-step' }
  | { readonly type: 'text-start'; readonly id: string }
  | { readonly type: 'text-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'text-end'; readonly id: string }
  | { readonly type: 'reasoning-start'; readonly id: string }
  | { readonly type: 'reasoning-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'reasoning-end'; readonly id: string }
  | { readonly type: 'tool-input-start'; readonly toolCallId: string; readonly toolName: string }
  | { readonly type: 'tool-input-delta'; readonly toolCallId: string; readonly inputTextDelta: string }
  | {
      readonly type: 'tool-input-available';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly providerMetadata?: Readonly<Record<string, Readonly<Record<string, string>>>>;
    }
  | {
      readonly type: 'tool-input-error';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly errorText: string;
    }
  | { readonly type: 'tool-approval-request'; readonly approvalId: string; readonly toolCallId: string }
  | {
      readonly type: 'tool-output-available';
      readonly toolCallId: string;
      readonly output: unknown;
      readonly preliminary?: boolean;
    }
  | { readonly type: 'tool-output-error'; readonly toolCallId: string; readonly errorText: string }
  | { readonly type: 'tool-output-denied'; readonly toolCallId: string }
  | {
      readonly type: `data-${string}`;
      readonly id?: string;
      readonly data: unknown;
      readonly transient?: boolean;
    }
  | { readonly type: 'message-metadata'; readonly messageMetadata: unknown }
  | {
      readonly type: 'finish';
      readonly finishReason?: UIFinishReason;
      readonly messageMetadata?: unknown;
    }
  | { readonly type: 'error'; readonly errorText: string }
  | { readonly type: 'abort'; readonly reason?: string };

/** Why a UI message stream finished, in the AI SDK's words. */
export type UIFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/** The HTTP headers of a UI message stream response (the `ai` package's `UI_MESSAGE_STREAM_HEADERS`). */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
});
