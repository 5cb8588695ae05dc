import { Inject } from '@nestjs/common';

/** The `ToolCallingModuleOptions` given to `forRoot()` or made by `forRootAsync()`. */
export const TOOL_CALLING_MODULE_OPTIONS = Symbol('nestjs-tool-calling:module-options');

/**
 * The module's default `ToolCallbackResolver`: the static tools first (module options, static
 * `ToolCallbackProvider`s), then the tools found in the Nest container.
 */
export const TOOL_CALLBACK_RESOLVER = Symbol('nestjs-tool-calling:tool-callback-resolver');

/** The `ChatModel` behind the injectable `ChatClient`. */
export const CHAT_MODEL = Symbol('nestjs-tool-calling:chat-model');

/** Injects the module's `ChatModel`. */
export const InjectChatModel = (): PropertyDecorator & ParameterDecorator => Inject(CHAT_MODEL);

/** Injects the `ToolCallingModuleOptions`. */
export const InjectToolCallingModuleOptions = (): PropertyDecorator & ParameterDecorator =>
  Inject(TOOL_CALLING_MODULE_OPTIONS);

/** Injects the module's default `ToolCallbackResolver`. */
export const InjectToolCallbackResolver = (): PropertyDecorator & ParameterDecorator =>
  Inject(TOOL_CALLBACK_RESOLVER);

/** The module's `ChatMemory` (a `MessageWindowChatMemory`, in memory or in Redis). */
export const CHAT_MEMORY = Symbol('nestjs-tool-calling:chat-memory');

/** The module's `ApprovalStore` (in memory or in Redis). */
export const APPROVAL_STORE = Symbol('nestjs-tool-calling:approval-store');

/** Injects the module's `ChatMemory`. */
export const InjectChatMemory = (): PropertyDecorator & ParameterDecorator => Inject(CHAT_MEMORY);

/** Injects the module's `ApprovalStore`. */
export const InjectApprovalStore = (): PropertyDecorator & ParameterDecorator => Inject(APPROVAL_STORE);

/**
 * The module's MCP event store, for resumable SSE streams of 2025-era MCP sessions: a `RedisMcpEventStore` when the
 * options have `redis`, else an `InMemoryMcpEventStore` (the MCP server's default when it is given none).
 */
export const MCP_EVENT_STORE = Symbol('nestjs-tool-calling:mcp-event-store');

/** Injects the module's MCP event store (`McpSessionEventStore`). */
export const InjectMcpEventStore = (): PropertyDecorator & ParameterDecorator => Inject(MCP_EVENT_STORE);
