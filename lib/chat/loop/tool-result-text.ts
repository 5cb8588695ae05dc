import { DEFAULT_RESULT_CONVERTER } from '../../tool/execution/default-tool-call-result-converter';
import { ToolResult } from '../../tool/result/tool-result';

/**
 * What a tool's `call()` resolved, as a text or a `ToolResult`. The contract says one of these, but a hand-written
 * callback (JavaScript, an `any`) may resolve anything: `null` and `undefined` become an empty result (Spring AI's
 * `shouldHandleToolCallReturningNull`), any other value goes through the default result converter (JSON, or a part
 * for known media bytes). Throws `ToolResultConversionError` for a value with no JSON form, which the round turns
 * into an error result.
 */
export function toolResultValue(value: unknown, toolName: string): string | ToolResult {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (ToolResult.is(value)) return value;
  return DEFAULT_RESULT_CONVERTER.convert(value, toolName);
}
