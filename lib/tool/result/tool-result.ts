import type { ToolResultPart } from './tool-result-part';

const TOOL_RESULT = Symbol.for('nestjs-tool-calling.ToolResult');

/**
 * What a tool may return instead of a string when its result is more than text: a list of parts (text, images,
 * audio, files, resources) and, optionally, structured JSON (MCP's `structuredContent`, described by the tool's
 * `outputSchema`). A string result stays a string: this is for the tools that need more.
 */
export class ToolResult {
  private constructor(
    /** The parts, in order. */
    readonly parts: readonly ToolResultPart[],
    /** Structured JSON beside the parts, when the tool gives it. */
    readonly structuredContent?: Readonly<Record<string, unknown>>,
  ) {}

  /** A result of these parts; a string is a text part. */
  static of(...parts: readonly (ToolResultPart | string)[]): ToolResult {
    return new ToolResult(
      parts.map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part)),
    );
  }

  /** This result with structured JSON beside its parts. */
  withStructuredContent(value: Readonly<Record<string, unknown>>): ToolResult {
    return new ToolResult(this.parts, value);
  }

  /**
   * The text a model reads of a tool's result: a string as is; for a `ToolResult`, its text parts joined with a line
   * break, or, when it has none, the JSON of its structured content (else `''`). This is `ToolResponse.result`.
   */
  static textOf(result: string | ToolResult): string {
    if (typeof result === 'string') return result;
    const texts: string[] = [];
    for (const part of result.parts) if (part.type === 'text') texts.push(part.text);
    if (texts.length === 0 && result.structuredContent !== undefined)
      return JSON.stringify(result.structuredContent);
    return texts.join('\n');
  }

  /** Whether a value is a `ToolResult` (made by this copy of the library or another). */
  static is(value: unknown): value is ToolResult {
    return (
      value instanceof ToolResult ||
      (typeof value === 'object' &&
        value !== null &&
        (value as { [TOOL_RESULT]?: true })[TOOL_RESULT] === true)
    );
  }

  /** @internal Marks instances across copies of the library. */
  get [TOOL_RESULT](): true {
    return true;
  }
}
