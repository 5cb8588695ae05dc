import { UnknownToolNamesError } from './unknown-tool-names.error';

/**
 * The former name of `UnknownToolNamesError` (the application named unknown tools).
 * @deprecated Use `UnknownToolNamesError`; this alias goes in 0.3.0.
 */
export const ToolNameResolutionError = UnknownToolNamesError;
/**
 * The former name of `UnknownToolNamesError`.
 * @deprecated Use `UnknownToolNamesError`; this alias goes in 0.3.0.
 */
export type ToolNameResolutionError = UnknownToolNamesError;
