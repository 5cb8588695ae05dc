import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { ToolOptions } from './decorators/tool-options';
import { DEFAULT_RESULT_CONVERTER } from './execution/default-tool-call-result-converter';
import type { ToolCallResultConverter } from './execution/tool-call-result-converter';
import type { JsonSchema } from './json-schema';
import { outputValidatorOf, type ToolOutputValidator } from './result/output-schema.validator';
import { toModelSchema } from './schema/model-schema';
import type { ToolDefinition } from './tool-definition';
import type { ToolMetadata } from './tool-metadata';
import { assertValidToolName, descriptionFromName } from './tool-names';
import { retryOptionsProblem } from './tool-retry';

export interface ToolDescriptor {
  readonly definition: ToolDefinition;
  readonly metadata: ToolMetadata;
  readonly resultConverter: ToolCallResultConverter;
  /** Checks the structured result against the tool's `outputSchema`, when it declares one. */
  readonly outputValidator?: ToolOutputValidator;
}

/** The metadata of most tools: one frozen object for them all. */
const PLAIN_METADATA: ToolMetadata = Object.freeze({ returnDirect: false });
const RETURN_DIRECT_METADATA: ToolMetadata = Object.freeze({ returnDirect: true });

/**
 * Name, description, model schema and metadata of a tool, checked and frozen once. `modelSchema` is the model's
 * schema of `inputSchema` when it is already known (shared by the tools that take the same input).
 */
export function describeTool(
  defaultName: string,
  options: ToolOptions,
  inputSchema: JsonSchema,
  source: string,
  modelSchema?: JsonSchema,
): ToolDescriptor {
  const name = options.name ?? defaultName;
  assertValidToolName(name, source);
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new ToolDefinitionError(`${source}: timeoutMs must be a positive number of milliseconds`, source);
  }
  const { maxResultChars } = options;
  if (
    maxResultChars !== undefined &&
    !((Number.isInteger(maxResultChars) && maxResultChars >= 1) || maxResultChars === Infinity)
  ) {
    throw new ToolDefinitionError(`${source}: maxResultChars must be a positive integer or Infinity`, source);
  }
  const approval = options.approval;
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function') {
    throw new ToolDefinitionError(`${source}: approval must be true, false or a policy function`, source);
  }
  const retryProblem = options.retry === undefined ? undefined : retryOptionsProblem(options.retry);
  if (retryProblem !== undefined) throw new ToolDefinitionError(`${source}: ${retryProblem}`, source);
  const outputValidator =
    options.outputSchema === undefined ? undefined : outputValidatorOf(options.outputSchema, source);
  const definition: ToolDefinition = Object.freeze({
    name,
    description: options.description?.trim() || descriptionFromName(name),
    inputSchema: modelSchema ?? toModelSchema(inputSchema, { keepFormat: options.keepFormat }),
    ...(outputValidator !== undefined && { outputSchema: outputValidator.schema }),
    ...(options.strict !== undefined && { strict: options.strict }),
  });
  return {
    definition,
    metadata: metadataOf(options),
    resultConverter: options.resultConverter ?? DEFAULT_RESULT_CONVERTER,
    ...(outputValidator !== undefined && { outputValidator }),
  };
}

function metadataOf(options: ToolOptions): ToolMetadata {
  const { returnDirect, sequential, timeoutMs, maxResultChars, approval, deferred, retry, idempotent } =
    options;
  if (
    sequential === undefined &&
    idempotent === undefined &&
    retry === undefined &&
    timeoutMs === undefined &&
    maxResultChars === undefined &&
    deferred === undefined
  ) {
    if (approval === undefined || approval === false) {
      if (returnDirect === undefined || returnDirect === false) return PLAIN_METADATA;
      if (returnDirect === true) return RETURN_DIRECT_METADATA;
    }
  }
  return Object.freeze({
    returnDirect: options.returnDirect ?? false,
    ...(options.sequential !== undefined && { sequential: options.sequential }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(maxResultChars !== undefined && { maxResultChars }),
    ...(options.approval !== undefined && options.approval !== false && { approval: options.approval }),
    ...(deferred !== undefined && { deferred }),
    ...(retry !== undefined && { retry: Object.freeze({ ...retry }) }),
    ...(idempotent !== undefined && { idempotent }),
  });
}
