export * from './tool/json-schema';
export * from './tool/tool-definition';
export * from './tool/tool-metadata';
export * from './tool/tool-context';
export * from './tool/tool-callback';
export * from './tool/tool-callback-provider';
export { TOOL_NAME_PATTERN } from './tool-calling.constants';
export { Tool } from './tool/decorators/tool.decorator';
export { ToolParam } from './tool/decorators/tool-param.decorator';
export { ToolContextParam } from './tool/decorators/tool-context-param.decorator';
export { ToolInput } from './tool/decorators/tool-input.decorator';
export type { ToolOptions, ToolParamOptions, ToolParamType } from './tool/decorators/tool-options';
export { MethodToolCallback, type MethodToolCallbackOptions } from './tool/method/method-tool-callback';
export { MethodToolCallbackProvider } from './tool/method/method-tool-callback-provider';
export {
  FunctionToolCallback,
  type FunctionToolOptions,
  type StandardSchemaFunctionTool,
  type DtoFunctionTool,
  type JsonSchemaFunctionTool,
  type NoInputFunctionTool,
} from './tool/function/function-tool-callback';
export { StaticToolCallbackProvider } from './tool/static-tool-callback-provider';
export type { ToolCallResultConverter } from './tool/execution/tool-call-result-converter';
export { DefaultToolCallResultConverter } from './tool/execution/default-tool-call-result-converter';
export type { ToolExecutionExceptionProcessor } from './tool/execution/tool-execution-exception-processor';
export {
  DefaultToolExecutionExceptionProcessor,
  type DefaultToolExecutionExceptionProcessorOptions,
} from './tool/execution/default-tool-execution-exception-processor';
export { toModelSchema, type ModelSchemaOptions } from './tool/schema/model-schema';
export { mapSchema } from './tool/schema/json-schema-walker';
export { ToolCallingError } from './errors/tool-calling.error';
export { ToolDefinitionError } from './errors/tool-definition.error';
export { DuplicateToolNameError } from './errors/duplicate-tool-name.error';
export { InvalidToolInputError, type ToolInputIssue } from './errors/invalid-tool-input.error';
export { ToolExecutionError } from './errors/tool-execution.error';
export { ToolResultConversionError } from './errors/tool-result-conversion.error';
export { MissingToolContextKeyError } from './errors/missing-tool-context-key.error';
export * from './chat/messages';
export * from './chat/chat-options';
export * from './chat/prompt';
export * from './chat/chat-response';
export * from './chat/chat-model';
export type { ToolCallbackResolver } from './tool/resolution/tool-callback-resolver';
