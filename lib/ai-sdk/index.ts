// nestjs-tool-calling/ai-sdk: the AI SDK's UI message stream (protocol v1), which `useChat` (`@ai-sdk/react`) and the
// `ai` package's `Chat` read, from `stream()`; and `useChat`'s request body, read into a chat call. Needs no package:
// the protocol is JSON over server-sent events.
export {
  UI_MESSAGE_STREAM_HEADERS,
  type UIFinishReason,
  type UIMessageStreamChunk,
} from '../ui/ai-sdk/ui-message-chunk';
export type { UIMessageStreamOptions } from '../ui/ai-sdk/ui-message-stream.options';
export type { ChatMessageMetadata } from '../ui/ai-sdk/ui-message-metadata';
export { toUIMessageChunks } from '../ui/ai-sdk/ui-message-stream';
export { UIMessageStreamResponse, uiMessageStreamResponse } from '../ui/ai-sdk/ui-message-stream.response';
export {
  parseUIChatRequest,
  type UIChatRequestBody,
  type UIChatRequestLimits,
  type UIMessageLike,
  type UIMessagePartLike,
} from '../ui/ai-sdk/ui-chat-request';
export { toChatMessages } from '../ui/ai-sdk/ui-messages.converter';
export { streamUIChat, type UIChatOptions } from '../ui/ai-sdk/ui-chat';
export type { UIToolOutput } from '../ui/tool-output';
export type { ChatEventSource } from '../ui/chat-event-source';
export { InvalidUIRequestError } from '../errors/invalid-ui-request.error';
export {
  ClientToolCallback,
  clientTool,
  type ClientToolDefinition,
  type ClientToolOutput,
} from '../ui/ai-sdk/client-tool';
