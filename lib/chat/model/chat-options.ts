/** Which tool the model may or must call. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string };

/** Options of one model request. Adapters map what their provider supports and ignore the rest. */
export interface ChatOptions {
  readonly model?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly topP?: number;
  readonly stop?: readonly string[];
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /** Extra fields passed to the provider's request body as they are. */
  readonly providerOptions?: Readonly<Record<string, unknown>>;
}
