import type { ToolResult } from './result/tool-result';
import type { ToolContext } from './tool-context';
import type { ToolDefinition } from './tool-definition';
import { DEFAULT_TOOL_METADATA, type ToolMetadata } from './tool-metadata';

/**
 * The contract every tool fulfils: JSON text in, text out, because that is what models speak — or, for a tool whose
 * result is more than text, a `ToolResult` (images, audio, files, resources, structured JSON).
 * Implementations that have no use for a context ignore it (the built-in ones log that once).
 */
export interface ToolCallback {
  /** What the model is told: name, description, input schema. */
  getToolDefinition(): ToolDefinition;
  /** How the tool is run (return direct, sequential, time limit, approval). */
  getToolMetadata(): ToolMetadata;
  /**
   * Runs the tool with the model's arguments (a JSON object as text); resolves to the text sent back to the model,
   * or to a `ToolResult` when the result is more than text. An implementation that resolves a string stays valid.
   */
  call(input: string, context?: ToolContext): Promise<string | ToolResult>;
  /**
   * Whether the tool may be offered to the model for the caller of this context (a tool whose guards deny the
   * caller is not). Absent: always. A tool that is not visible is unknown to the model for that call.
   */
  isVisible?(context: ToolContext): Promise<boolean>;
  /**
   * Parses and validates `input` as `call()` would, without running the tool: the arguments as an object, or an
   * `InvalidToolInputError`. Used before a call waits for approval.
   */
  validateInput?(input: string): Promise<Record<string, unknown>>;
}

/** Whether a value has the three methods of a `ToolCallback`. */
export function isToolCallback(value: unknown): value is ToolCallback {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolCallback).getToolDefinition === 'function' &&
    typeof (value as ToolCallback).call === 'function'
  );
}

/**
 * The callback's metadata, or the default (`returnDirect: false`) when a hand-written callback has no
 * `getToolMetadata` (Spring AI's default method) or it returns nothing.
 */
export function toolMetadataOf(callback: ToolCallback): ToolMetadata {
  return typeof callback.getToolMetadata === 'function'
    ? (callback.getToolMetadata() ?? DEFAULT_TOOL_METADATA)
    : DEFAULT_TOOL_METADATA;
}
