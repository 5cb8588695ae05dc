import type { ToolResultPart } from './result/tool-result-part';

/** How far a running tool is, as it reports it with `ToolContext.reportProgress()`. */
export interface ToolProgress {
  /** Work done so far, in the tool's own unit (a finite number, at least 0). */
  readonly progress?: number;
  /** Work in all, when known (a finite number, at least 0). */
  readonly total?: number;
  /** What the tool is doing. */
  readonly message?: string;
}

/** What a running tool tells its caller: its progress, or a preliminary result (a tool written as a generator). */
export interface ToolProgressUpdate extends ToolProgress {
  /** A preliminary result: text, or the parts of a `ToolResult`. */
  readonly preliminary?: string | readonly ToolResultPart[];
}

/**
 * Where the progress of one tool call goes: the chat loop's `tool-progress` events for a streamed call, or whatever
 * serves the call (an MCP server sending progress notifications) through `ToolContext.withProgressSink()`. Called
 * synchronously from the tool: a sink must not throw, and should not block.
 */
export type ToolProgressSink = (update: ToolProgressUpdate) => void;
