/** Which tool the model may or must call. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string };

/** Options of one model request. Adapters map what their provider supports and ignore the rest. */
export interface ChatOptions {
  /** The model id (`gpt-4.1`, `claude-sonnet-4-5`…); the adapter's own when absent. */
  readonly model?: string;
  /** Sampling temperature. */
  readonly temperature?: number;
  /** Most tokens the model may write. */
  readonly maxTokens?: number;
  /** Nucleus sampling. */
  readonly topP?: number;
  /** Texts that end the answer. */
  readonly stop?: readonly string[];
  /** Whether the model may, must or must not call a tool (or which one). */
  readonly toolChoice?: ToolChoice;
  /** Whether the model may ask for several tools in one response. */
  readonly parallelToolCalls?: boolean;
  /** Extra fields passed to the provider's request body as they are. */
  readonly providerOptions?: Readonly<Record<string, unknown>>;
}
