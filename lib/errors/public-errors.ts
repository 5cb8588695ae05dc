// The errors of the public API, grouped by who is at fault (re-exported by lib/index.ts).

export { ToolCallingError } from './tool-calling.error';
export { ChatModelError } from './chat-model.error';
// the model's tool calls (sent back to the model by default)
export { InvalidToolInputError, type ToolInputIssue } from './invalid-tool-input.error';
export { UnknownToolCallError } from './unknown-tool-call.error';
export { NoSuchToolError } from './no-such-tool.error';
export { ToolNotLoadedError } from './tool-not-loaded.error';
export { ToolTimeoutError } from './tool-timeout.error';
export { ToolExecutionError } from './tool-execution.error';
export { TransientToolError } from './transient-tool.error';
export { ToolCallForbiddenError } from './tool-call-forbidden.error';
export { ToolResultConversionError } from './tool-result-conversion.error';
export { ToolResultTooLargeError } from './tool-result-too-large.error';
export { InvalidToolOutputError } from './invalid-tool-output.error';
export { StructuredOutputError } from './structured-output.error';
export { ToolCallingLimitError, type ToolCallingLimitName } from './tool-calling-limit.error';
// the HTTP client, which went away
export { ClientDisconnectedError } from './client-disconnected.error';
// resumable streams
export { StreamSizeLimitError } from './stream-size-limit.error';
// the application's code and requests
export { ToolDefinitionError } from './tool-definition.error';
export { DuplicateToolNameError } from './duplicate-tool-name.error';
export { MissingToolContextKeyError } from './missing-tool-context-key.error';
export { InvalidToolProgressError } from './invalid-tool-progress.error';
export { InvalidElicitationAnswerError } from './invalid-elicitation-answer.error';
export { UnknownToolNamesError } from './unknown-tool-names.error';
export { ToolNameResolutionError } from './tool-name-resolution.error';
export { InvalidChatRequestError } from './invalid-chat-request.error';
export { RoundPreparationError } from './round-preparation.error';
export { InvalidStreamIdError } from './invalid-stream-id.error';
export { InvalidUIRequestError } from './invalid-ui-request.error';
export { NotAToolCallContextError } from './not-a-tool-call-context.error';
// approvals and the state that outlives a request
export { ApprovalNotFoundError } from './approval-not-found.error';
export { ApprovalAlreadyDecidedError } from './approval-already-decided.error';
export { ApprovalExpiredError } from './approval-expired.error';
export { ApprovalForbiddenError } from './approval-forbidden.error';
export { ApprovalCallerUnknownError } from './approval-caller-unknown.error';
export { InvalidApprovalDecisionError } from './invalid-approval-decision.error';
export { ApprovalStateReadError } from './approval-state-read.error';
export { ChatMemoryReadError } from './chat-memory-read.error';
export { StateStoreUnavailableError } from './state-store-unavailable.error';
// configuration and bootstrap
export { ToolCallingConfigurationError } from './tool-calling-configuration.error';
export { MissingPackageError } from './missing-package.error';
export { ToolCallingOptionsError } from './tool-calling-options.error';
export { ToolDiscoveryError } from './tool-discovery.error';
export { ToolCallbackRegistryNotReadyError } from './tool-callback-registry-not-ready.error';
export {
  InvalidToolCallingConfigError,
  type ToolCallingConfigIssue,
} from './invalid-tool-calling-config.error';
// the model provider
export { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
export { ChatModelBadRequestError } from './chat-model-bad-request.error';
export { ChatModelAuthenticationError } from './chat-model-authentication.error';
export { ChatModelPermissionError } from './chat-model-permission.error';
export { ChatModelNotFoundError } from './chat-model-not-found.error';
export { ChatModelRateLimitError } from './chat-model-rate-limit.error';
export { ChatModelServerError } from './chat-model-server.error';
export { ChatModelConnectionError } from './chat-model-connection.error';
export { ChatModelResponseError } from './chat-model-response.error';
export { ChatModelConfigurationError } from './chat-model-configuration.error';
// MCP servers
export { McpServerUnavailableError } from './mcp-server-unavailable.error';
export { McpToolCallError } from './mcp-tool-call.error';
export { InvalidMcpServersError } from './invalid-mcp-servers.error';
export { McpAuthorizationError } from './mcp-authorization.error';
export { McpAuthorizationRequiredError } from './mcp-authorization-required.error';
// durable runs
export { DurableRunsNotConfiguredError } from './durable-runs-not-configured.error';
export { RunNotSerializableError } from './run-not-serializable.error';
export { RunNotFoundError } from './run-not-found.error';
export { RunCallerUnknownError } from './run-caller-unknown.error';
export { RunLimitError } from './run-limit.error';
export { RunFailedError } from './run-failed.error';
export { RunNotPausedError } from './run-not-paused.error';
