import { DEFAULT_RESULT_CONVERTER } from '../../tool/execution/default-tool-call-result-converter';

/**
 * The text of what a tool's `call()` resolved. The contract says a string, but a hand-written callback (JavaScript,
 * an `any`) may resolve anything: `null` and `undefined` become an empty result (Spring AI's
 * `shouldHandleToolCallReturningNull`), any other value goes through the default result converter (JSON). Throws
 * `ToolResultConversionError` for a value with no JSON form, which the round turns into an error result.
 */
export function toolResultText(value: unknown, toolName: string): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return DEFAULT_RESULT_CONVERTER.convert(value, toolName);
}
