/** Turns what a tool returned into the text sent back to the model. Replaceable per tool. */
export interface ToolCallResultConverter {
  convert(result: unknown, toolName: string): string;
}
