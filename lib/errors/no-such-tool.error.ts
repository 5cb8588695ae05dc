import { UnknownToolCallError } from './unknown-tool-call.error';

/**
 * The former name of `UnknownToolCallError` (the model called an unknown tool).
 * @deprecated Use `UnknownToolCallError`; this alias goes in 0.3.0.
 */
export const NoSuchToolError = UnknownToolCallError;
/**
 * The former name of `UnknownToolCallError`.
 * @deprecated Use `UnknownToolCallError`; this alias goes in 0.3.0.
 */
export type NoSuchToolError = UnknownToolCallError;
