import { Logger } from '@nestjs/common';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { JsonSchema } from '../../tool/json-schema';
import type { ToolDefinition } from '../../tool/tool-definition';
import { ModelMessages } from '../../errors/messages/models.messages';
import { toOpenAiStrictSchema } from './openai-strict-schema';

/** Which tools are sent in OpenAI's strict mode. */
export interface OpenAiStrictPolicy {
  /** Every tool. */
  readonly all: boolean;
  /** These tools, by name. */
  readonly tools: ReadonlySet<string>;
}

const logger = new Logger('OpenAiChatModel');

/** Strict schemas by original schema (tool definitions are frozen and built once); `null`: cannot be strict. */
const strictSchemas = new WeakMap<JsonSchema, JsonSchema | null>();

/**
 * A tool in OpenAI's format (`type: "function"`, name, description, parameters). In strict mode the parameters are
 * adapted by `toOpenAiStrictSchema` and `strict: true` is set; a schema that cannot be made strict is sent as it is,
 * without `strict`, with a warning logged once. A definition may opt in or out by itself with a boolean `strict`.
 */
export function toOpenAiTool(
  definition: ToolDefinition,
  policy: OpenAiStrictPolicy,
): ChatCompletionFunctionTool {
  const strictSchema = strictSchemaFor(definition, policy);
  return {
    type: 'function',
    function: {
      name: definition.name,
      description: definition.description,
      parameters: strictSchema ?? definition.inputSchema,
      ...(strictSchema ? { strict: true } : {}),
    },
  };
}

/** The strict schema to send for this tool under the policy; `undefined`: send it without strict mode. */
export function strictSchemaFor(
  definition: ToolDefinition,
  policy: OpenAiStrictPolicy,
): JsonSchema | undefined {
  const own = definition.strict;
  const wantsStrict = typeof own === 'boolean' ? own : policy.all || policy.tools.has(definition.name);
  return wantsStrict ? strictSchemaOf(definition) : undefined;
}

function strictSchemaOf(definition: ToolDefinition): JsonSchema | undefined {
  let strict = strictSchemas.get(definition.inputSchema);
  if (strict === undefined) {
    strict = toOpenAiStrictSchema(definition.inputSchema) ?? null;
    strictSchemas.set(definition.inputSchema, strict);
    if (strict === null) logger.warn(ModelMessages.notStrictCompatible(definition.name));
  }
  return strict ?? undefined;
}
