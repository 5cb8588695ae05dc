/** Turns what a tool returned into the text sent back to the model. Replaceable per tool. */
export interface ToolCallResultConverter {
  /** The text sent to the model for `result`, the value the tool `toolName` returned. */
  convert(result: unknown, toolName: string): string;
}
