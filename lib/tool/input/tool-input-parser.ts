import type { JsonSchema } from '../json-schema';

/**
 * Turns the arguments a model sent (already parsed from JSON) into the validated value a tool receives, or throws
 * `InvalidToolInputError` telling the model what to fix. One is built per tool, once.
 */
export interface ToolInputParser {
  /** The JSON Schema of the input, before it is adapted for a model. */
  readonly schema: JsonSchema;
  parse(input: Record<string, unknown>, toolName: string): unknown;
}
