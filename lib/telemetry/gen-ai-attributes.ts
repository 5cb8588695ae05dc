/**
 * Names of the OpenTelemetry GenAI semantic conventions (development status, as of the `semantic-conventions-genai`
 * repository's first release), and the library's own attributes under `tool_calling.`.
 */
export const GenAi = {
  OPERATION_NAME: 'gen_ai.operation.name',
  PROVIDER_NAME: 'gen_ai.provider.name',
  REQUEST_MODEL: 'gen_ai.request.model',
  REQUEST_TEMPERATURE: 'gen_ai.request.temperature',
  REQUEST_MAX_TOKENS: 'gen_ai.request.max_tokens',
  REQUEST_TOP_P: 'gen_ai.request.top_p',
  REQUEST_STOP_SEQUENCES: 'gen_ai.request.stop_sequences',
  RESPONSE_MODEL: 'gen_ai.response.model',
  RESPONSE_ID: 'gen_ai.response.id',
  RESPONSE_FINISH_REASONS: 'gen_ai.response.finish_reasons',
  USAGE_INPUT_TOKENS: 'gen_ai.usage.input_tokens',
  USAGE_OUTPUT_TOKENS: 'gen_ai.usage.output_tokens',
  TOKEN_TYPE: 'gen_ai.token.type',
  TOOL_NAME: 'gen_ai.tool.name',
  TOOL_DESCRIPTION: 'gen_ai.tool.description',
  TOOL_CALL_ID: 'gen_ai.tool.call.id',
  TOOL_TYPE: 'gen_ai.tool.type',
  TOOL_CALL_ARGUMENTS: 'gen_ai.tool.call.arguments',
  TOOL_CALL_RESULT: 'gen_ai.tool.call.result',
  TOOL_DEFINITIONS: 'gen_ai.tool.definitions',
  INPUT_MESSAGES: 'gen_ai.input.messages',
  OUTPUT_MESSAGES: 'gen_ai.output.messages',
  SYSTEM_INSTRUCTIONS: 'gen_ai.system_instructions',
  ERROR_TYPE: 'error.type',
} as const;

/** The library's attributes: what the conventions have no name for. */
export const ToolCallingAttributes = {
  /** 1-based number of the model request within the chat call. */
  ROUND: 'tool_calling.round',
  /** Model requests the chat call made. */
  ROUNDS: 'tool_calling.rounds',
  STREAMING: 'tool_calling.streaming',
  /** The limits the call hit (`maxRounds`, `maxToolCallsPerRequest`, `maxCallsPerTool`). */
  LIMITS_HIT: 'tool_calling.limits_hit',
  /** Why the chat call ended (`ChatClientResponse.stopReason`). */
  STOP_REASON: 'tool_calling.stop_reason',
  /** The tools a round preparation made the only ones offered in a model request. */
  ACTIVE_TOOLS: 'tool_calling.round.active_tools',
  /** The tool choice a round preparation set (`auto`, `none`, `required`, or the tool's name). */
  TOOL_CHOICE: 'tool_calling.round.tool_choice',
  /** Messages sent when a round preparation replaced them. */
  MESSAGES_SENT: 'tool_calling.round.messages_sent',
  /** A round preparation replaced the system prompt. */
  SYSTEM_REPLACED: 'tool_calling.round.system_replaced',
  /** A round preparation changed the options. */
  OPTIONS_CHANGED: 'tool_calling.round.options_changed',
  /** Old tool results elided from the request. */
  ELIDED_TOOL_RESULTS: 'tool_calling.round.elided_tool_results',
  /** How a tool call ended: `success`, `error`, `invalid_input`, `unknown_tool`, `timeout`, `denied`, `limit`, `aborted`. */
  TOOL_OUTCOME: 'tool_calling.tool.outcome',
  /** Attempts a tool call took (set when it was retried). */
  TOOL_ATTEMPTS: 'tool_calling.tool.attempts',
  /** On a `tool_calling.tool.retry` span event: the attempt that failed, from 1. */
  RETRY_ATTEMPT: 'tool_calling.retry.attempt',
  /** On a `tool_calling.tool.retry` span event: the wait before the next attempt, in milliseconds. */
  RETRY_DELAY_MS: 'tool_calling.retry.delay_ms',
  /** The types of the parts of a rich tool result, in order (`text`, `image`, `audio`, `file`, `resource`…). */
  TOOL_RESULT_PART_TYPES: 'tool_calling.tool.result.part_types',
  /** The bytes each part carries inline (decoded), in the order of `part_types`: never the bytes themselves. */
  TOOL_RESULT_PART_BYTES: 'tool_calling.tool.result.part_bytes',
  /** The media types of the parts that have one, in order. */
  TOOL_RESULT_MEDIA_TYPES: 'tool_calling.tool.result.media_types',
  /** With content capture only: the parts themselves as JSON, bytes (base64) included. */
  TOOL_RESULT_PARTS: 'tool_calling.tool.result.parts',
} as const;

/** The span event of a tool call tried again after a transient failure. */
export const TOOL_RETRY_EVENT = 'tool_calling.tool.retry';

export const Operation = {
  INVOKE_AGENT: 'invoke_agent',
  CHAT: 'chat',
  EXECUTE_TOOL: 'execute_tool',
} as const;

export const Metric = {
  OPERATION_DURATION: 'gen_ai.client.operation.duration',
  TOKEN_USAGE: 'gen_ai.client.token.usage',
  TOOL_DURATION: 'gen_ai.execute_tool.duration',
} as const;

/** The conventions' advised buckets. */
export const DURATION_BUCKETS = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];
export const TOKEN_BUCKETS = [
  1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];
