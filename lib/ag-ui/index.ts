// nestjs-tool-calling/ag-ui: AG-UI events from `stream()` for AG-UI clients (`@ag-ui/client`'s HttpAgent,
// CopilotKit), and a run input (`RunAgentInput`) read into a chat call. Needs `@ag-ui/core` and `@ag-ui/encoder`.
export { TOOL_APPROVAL_REASON, type AgUiRunIds } from '../ui/ag-ui/ag-ui-event.mapper';
export {
  AgUiStreamResponse,
  agUiStreamResponse,
  type AgUiStreamOptions,
} from '../ui/ag-ui/ag-ui-stream.response';
export {
  agUiToChatMessages,
  type AgUiMessage,
  parseRunAgentInput,
  streamAgUiRun,
  type AgUiRunOptions,
} from '../ui/ag-ui/ag-ui-run';
export type { ChatEventSource } from '../ui/chat-event-source';
export type { Message } from '../chat/model/messages';
