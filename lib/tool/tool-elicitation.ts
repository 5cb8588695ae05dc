import type { JsonSchema } from './json-schema';

/**
 * A question a running tool asks the user (`ToolContext.elicit()`): a message, and the JSON Schema of the answer —
 * an object of flat properties (string, number, integer, boolean, enum), as MCP elicitation allows.
 */
export interface ToolElicitation {
  /** What the user is asked, in words. */
  readonly message: string;
  /** The answer's shape: `{ type: 'object', properties: { … }, required?: [...] }`. */
  readonly requestedSchema: JsonSchema;
}

/**
 * The user's answer: `accept` with the content (valid against the requested schema), `decline` (an explicit no) or
 * `cancel` (dismissed without a choice).
 */
export type ToolElicitationResult<T extends Record<string, unknown> = Record<string, unknown>> =
  | { readonly action: 'accept'; readonly content: T }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** Who is asking: the tool and its call. Never the context's values. */
export interface ToolElicitationOrigin {
  /** The tool that asks. */
  readonly toolName?: string;
  /** The model's id of the call that asks, when a model made it. */
  readonly toolCallId?: string;
  /** Aborted when the tool call is (the question should then be withdrawn). */
  readonly signal?: AbortSignal;
}

/**
 * Puts a tool's question to the user and resolves with the answer: an MCP server sends `elicitation/create` to the
 * calling client; a chat call hands it to the app's elicitation handler.
 */
export type ToolElicitor = (
  request: ToolElicitation,
  origin: ToolElicitationOrigin,
) => Promise<ToolElicitationResult>;

/** The levels of a tool's log messages (RFC 5424, as MCP logging uses them). */
export type ToolLogLevel =
  'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** A log message of a running tool (`ToolContext.log()`), for whoever called it and asked for logs. */
export interface ToolLogMessage {
  /** How much it matters. */
  readonly level: ToolLogLevel;
  /** Any JSON value: a string, or an object of details. */
  readonly data: unknown;
  /** The logger's name. @defaultValue the tool's name */
  readonly logger?: string;
}

/** Where a tool's log messages go: MCP `notifications/message`, or the chat call's. Must not throw. */
export type ToolLogSink = (message: ToolLogMessage) => void;
