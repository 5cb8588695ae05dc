import type { ToolResult } from '../result/tool-result';

/**
 * Turns what a tool returned into what is sent back to the model: a text, or a `ToolResult` (text, images, files…).
 * Replaceable per tool.
 */
export interface ToolCallResultConverter {
  /** What the model receives for `result`, the value the tool `toolName` returned. */
  convert(result: unknown, toolName: string): string | ToolResult;
}
