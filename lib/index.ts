// The public surface of nestjs-tool-calling. Every name here is part of the API report (api/nestjs-tool-calling.api.md):
// adding, removing or changing one is a decision that shows in that file's diff.

// --- Tools: the contract, its data, and the context a tool runs with ---------------------------------------------
export type { ToolCallback } from './tool/tool-callback';
export { isToolCallback } from './tool/tool-callback';
export { ToolResult } from './tool/result/tool-result';
export { ResultPart, type ResultPartBytes } from './tool/result/result-part';
export type {
  ToolResultPart,
  TextPart,
  ImagePart,
  AudioPart,
  FilePart,
  ResourceLinkPart,
  ResourcePart,
  MediaSource,
} from './tool/result/tool-result-part';
export type { ToolOutputSchema } from './tool/result/tool-output-schema';
export type { ToolCallbackProvider } from './tool/tool-callback-provider';
export { isToolCallbackProvider } from './tool/tool-callback-provider';
export type { ToolDefinition } from './tool/tool-definition';
export type { ToolMetadata, ApprovalPolicy, ApprovalRequest } from './tool/tool-metadata';
export { ToolContext, type ToolContextExecution, type ToolExecutionScope } from './tool/tool-context';
export type { ToolProgress, ToolProgressUpdate, ToolProgressSink } from './tool/tool-progress';
export type {
  ToolElicitation,
  ToolElicitationResult,
  ToolElicitationOrigin,
  ToolElicitor,
  ToolLogLevel,
  ToolLogMessage,
  ToolLogSink,
} from './tool/tool-elicitation';
export type { ToolRetryOptions } from './tool/tool-retry';
export { type JsonSchema, JSON_SCHEMA_DRAFT_2020_12 } from './tool/json-schema';
export { TOOL_NAME_PATTERN } from './tool-calling.constants';

// --- Tools: declaring them with decorators -------------------------------------------------------------------------
export { Tool } from './tool/decorators/tool.decorator';
export { ToolParam } from './tool/decorators/tool-param.decorator';
export { ToolContextParam } from './tool/decorators/tool-context-param.decorator';
export { ToolInput } from './tool/decorators/tool-input.decorator';
export type { ToolOptions, ToolParamOptions, ToolParamType } from './tool/decorators/tool-options';

// --- Tools: callbacks built from methods and functions, and providers of them -------------------------------------
export { InvocableToolCallback } from './tool/invocable-tool-callback';
export { MethodToolCallback, type MethodToolCallbackOptions } from './tool/method/method-tool-callback';
export { MethodToolCallbackProvider } from './tool/method/method-tool-callback-provider';
export {
  FunctionToolCallback,
  type FunctionToolOptions,
  type FunctionToolBase,
  type StandardSchemaFunctionTool,
  type DtoFunctionTool,
  type JsonSchemaFunctionTool,
  type NoInputFunctionTool,
} from './tool/function/function-tool-callback';
export { StaticToolCallbackProvider } from './tool/static-tool-callback-provider';

// --- Tools: results, failures and schemas ----------------------------------------------------------------------------
export type { ToolCallResultConverter } from './tool/execution/tool-call-result-converter';
export { DefaultToolCallResultConverter } from './tool/execution/default-tool-call-result-converter';
export type { ToolExecutionExceptionProcessor } from './tool/execution/tool-execution-exception-processor';
export {
  DefaultToolExecutionExceptionProcessor,
  type DefaultToolExecutionExceptionProcessorOptions,
} from './tool/execution/default-tool-execution-exception-processor';
export { toModelSchema, type ModelSchemaOptions } from './tool/schema/model-schema';
export {
  removeNullOptionalArguments,
  removeNullOptionalArgumentsFromJson,
} from './tool/input/null-optional-arguments';

// --- Tools: resolution by name ---------------------------------------------------------------------------------------
export type { ToolCallbackResolver } from './tool/resolution/tool-callback-resolver';
export { StaticToolCallbackResolver } from './tool/resolution/static-tool-callback-resolver';
export { DelegatingToolCallbackResolver } from './tool/resolution/delegating-tool-callback-resolver';
export { ContainerToolCallbackResolver } from './tool/resolution/container-tool-callback-resolver';

// --- Chat model port: what a provider adapter takes and gives --------------------------------------------------------
export {
  type ToolCall,
  type ToolResponse,
  type SystemMessage,
  type UserMessage,
  type AssistantMessage,
  type ToolResponseMessage,
  type Message,
  systemMessage,
  userMessage,
  assistantMessage,
  toolResponseMessage,
} from './chat/model/messages';
export type { ToolChoice, ChatOptions } from './chat/model/chat-options';
export type { Prompt } from './chat/model/prompt';
export type { Usage, FinishReason, ChatResponse } from './chat/model/chat-response';
export type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from './chat/model/chat-model';

// --- Chat client: the fluent entry point and its specs (built by the client, used as types) --------------------------
export { ChatClient } from './chat/client/chat-client';
export type {
  ChatClientDefaults,
  ChatClientOptions,
  ChatClientChanges,
} from './chat/client/chat-client-defaults';
export type { ChatClientRequestSpec } from './chat/client/chat-client-request-spec';
export type { CallResponseSpec, EntityOptions } from './chat/client/call-response-spec';
export type { StreamResponseSpec, SseOptions } from './chat/client/stream-response-spec';
export type { EntityTarget, EntityClass } from './chat/client/structured-output';
export { CHAT_MEMORY_CONVERSATION_ID } from './chat/advisors/advise-context';

// --- Advisors: around each ChatClient request (Spring AI's advisor chain) -------------------------------------------
export {
  ADVISOR_ORDER,
  type Advisor,
  type CallAdvisor,
  type StreamAdvisor,
  type CallAdvisorChain,
  type StreamAdvisorChain,
} from './chat/advisors/advisor';
export { ChatClientRequest, type ChatClientRequestChanges } from './chat/advisors/chat-client-request';
export {
  SimpleLoggerAdvisor,
  type SimpleLoggerAdvisorOptions,
  type AdvisorLogger,
} from './chat/advisors/simple-logger.advisor';
export { chatClientResponseOf } from './chat/loop/finished-responses';

// --- The loop: one call's rounds, its results and events, limits and hooks ------------------------------------------
export type { ExecutionScope, ExecutionScopeProvider, ChatExecutionScope } from './chat/loop/execution-scope';
export type {
  ChatClientResponse,
  StopReason,
  ToolCallRecord,
  ToolExecutionRecord,
} from './chat/ports/chat-client-response';
// Steering the loop: round preparation, stop conditions, elision of old tool results.
export type { ChatRunState } from './chat/loop/chat-run-state';
export type { PrepareRound, PrepareRoundInput, RoundPreparation } from './chat/loop/round-preparation';
export { roundCountIs, hasToolCall, type StopCondition } from './chat/loop/stop-conditions';
export type { ToolResultElision } from './chat/loop/result-elision';
export type {
  ChatStreamEvent,
  TextDeltaEvent,
  RoundFinishedEvent,
  ApprovalRequiredEvent,
  FinishedEvent,
  ToolInputDeltaEvent,
  ToolProgressEvent,
  ToolRetryEvent,
  ToolElicitationEvent,
} from './chat/loop/chat-stream-event';
export type { ToolElicitationHandler } from './chat/loop/chat-elicitation';
export { ToolCallingManager, type ToolSelection } from './chat/loop/tool-calling-manager';
export type {
  InternalToolExecution,
  ToolExecutionEligibilityContext,
  ToolExecutionEligibilityPredicate,
} from './chat/loop/tool-execution-eligibility';
export type {
  ToolCallingManagerOptions,
  ToolCallingLimits,
  ResolvedToolCallingLimits,
  OnLimit,
} from './chat/loop/tool-calling-manager-options';
export type {
  ToolRoundInput,
  ToolExecutionResult,
  ToolCallEvent,
  ToolCallCounts,
  ToolCallAwaitingApproval,
  ToolResultTruncatedEvent,
  ToolExecutionInput,
  ToolExecutionEvent,
} from './chat/loop/tool-execution-result';
export type {
  ToolCallHooks,
  ToolCallHookContext,
  BeforeToolCallHook,
  BeforeToolCallDecision,
  AfterToolCallHook,
  AfterToolCallContext,
  AfterToolCallDecision,
} from './chat/loop/tool-call-hooks';

// --- Telemetry: OpenTelemetry GenAI spans and metrics, or a ChatTelemetry of your own -------------------------------
export type {
  ChatTelemetry,
  CallTelemetry,
  ChatCallOutcome,
  ModelRequestTelemetry,
  ToolCallTelemetry,
  RoundSteering,
} from './chat/ports/chat-telemetry';
export { CAPTURE_MESSAGE_CONTENT_ENV, type ToolCallingTelemetryOptions } from './telemetry/telemetry-options';
export type { ToolOutcome } from './telemetry/error-type';

// --- Memory and approvals: state that outlives a request, in memory or in Redis --------------------------------------
export type { ChatMemory } from './chat/ports/chat-memory';
export {
  RunSubmitterSlot,
  type RunSubmitter,
  type RunSubmission,
  type SubmittedRun,
} from './chat/ports/run-submitter';
export type {
  RunCheckpoint,
  RunCheckpointStore,
  RunProgress,
  StartedToolCall,
  DurableRunBinding,
} from './chat/ports/run-checkpoint';
export type { ChatMemoryRepository } from './memory/chat-memory-repository';
export {
  MessageWindowChatMemory,
  type MessageWindowChatMemoryOptions,
} from './memory/message-window-chat-memory';
export { InMemoryChatMemoryRepository } from './memory/in-memory-chat-memory-repository';
export {
  MessageChatMemoryAdvisor,
  type MessageChatMemoryAdvisorOptions,
} from './chat/advisors/message-chat-memory.advisor';
export type { PendingApproval, ApprovalDecision } from './chat/ports/pending-approval';
export type {
  ApprovalStore,
  ApprovalLookup,
  DecideOutcome,
  PausedRunData,
  PausedRunEntry,
} from './chat/ports/approval-store';
export { InMemoryApprovalStore } from './approval/in-memory-approval-store';
export {
  type ApprovalOptions,
  type ApprovalCaller,
  type ApprovalSubject,
} from './chat/loop/approval-options';

// --- Provider settings (the adapters are in nestjs-tool-calling/openai, /anthropic and /gemini) -------------------------
export type {
  ChatModelSettings,
  OpenAiChatModelSettings,
  OpenAiResponsesChatModelSettings,
  AzureOpenAiChatModelSettings,
  AnthropicChatModelSettings,
  GeminiChatModelSettings,
  ProviderModelSettings,
  WithProvider,
} from './models/chat-model-settings';
export { createChatModel } from './models/chat-model.factory';
export { OfflineChatModel, type OfflineChatModelOptions } from './models/offline/offline-chat-model';
export type { OfflineChatModelSettings } from './models/offline/offline-chat-model-settings';

// --- The Nest module: options, tokens, discovery, configuration from the environment --------------------------------
export { ToolCallingModule } from './module/tool-calling.module';
export type {
  ToolCallingModuleOptions,
  ToolCallingModuleExtras,
  ToolCallingModuleAsyncOptions,
  ToolCallingOptionsFactory,
  ToolCallingRedisOptions,
  ToolCallingMemoryOptions,
} from './module/tool-calling-module-options';
export {
  TOOL_CALLING_MODULE_OPTIONS,
  TOOL_CALLBACK_RESOLVER,
  CHAT_MODEL,
  InjectToolCallingModuleOptions,
  InjectToolCallbackResolver,
  InjectChatModel,
  CHAT_MEMORY,
  APPROVAL_STORE,
  InjectChatMemory,
  InjectApprovalStore,
  MCP_EVENT_STORE,
  InjectMcpEventStore,
} from './module/tool-calling-module.tokens';
export { ToolCallbackRegistry } from './module/tool-callback.registry';
export { RequestContextHolder, type HttpResponseLike } from './module/request-context.holder';

// --- Resumable streams: a stream's chunks recorded, so that a reconnecting client (on any replica) gets the rest ----
export {
  ResumableStreams,
  uiMessageStreamErrorChunk,
  type StreamSource,
} from './ui/resumable/resumable-streams';
export type {
  ResumableStreamOptions,
  ResumableRecordOptions,
  StreamErrorEncoder,
} from './ui/resumable/resumable-stream-options';
export type {
  ResumableStreamStore,
  ResumableAppendOutcome,
  ResumableReadResult,
} from './ui/resumable/resumable-stream-store';
export { InMemoryResumableStreamStore } from './ui/resumable/in-memory-resumable-stream-store';

// --- HTTP: the library's errors an HTTP client causes, answered with their status ----------------------------------
export { ToolCallingExceptionFilter } from './http/tool-calling-exception.filter';

// --- Tools as Nest handlers: guards, interceptors, pipes and filters around tool calls ------------------------------
export {
  ToolExecutionContext,
  TOOL_CONTEXT_TYPE,
  type ToolContextType,
} from './handlers/tool-execution-context';
export type { ToolCallInfo, ToolCallArgs } from './handlers/tool-call-arguments';
// --- MCP: the options of the module's MCP clients (the client and server are in nestjs-tool-calling/mcp) ------------
export type {
  McpClientOptions,
  McpServerConfig,
  McpHttpServerConfig,
  McpStdioServerConfig,
  McpServerCommonConfig,
} from './mcp/client/mcp-client-options';
export type {
  McpClientAuth,
  McpClientAuthBase,
  McpAuthorizationCodeAuth,
  McpClientCredentialsAuth,
  McpCrossAppAccessAuth,
  McpAuthorizationResponse,
  McpAuthServer,
  McpPreRegisteredClient,
  McpClientPrivateKey,
  McpIdentityProvider,
} from './mcp/client/auth/mcp-client-auth';
export type {
  McpTokenStore,
  McpAuthRecords,
  McpAuthSlot,
  McpAuthDocument,
} from './mcp/client/auth/mcp-token-store';

// --- Tool search: the model searches the caller's tools instead of receiving them all -------------------------------
export { ToolSearchAdvisor, type ToolSearchAdvisorOptions } from './search/tool-search.advisor';
export type { ToolSearchIndex, ToolSearchQuery } from './search/tool-search-index';
export { MiniSearchToolIndex, type MiniSearchToolIndexOptions } from './search/minisearch-tool-index';
export type { ToolSelector, SelectedTools } from './chat/loop/tool-selection';

// --- Errors: the base classes, then by who is at fault (listed in errors/public-errors.ts) ------------------------
export * from './errors/public-errors';
