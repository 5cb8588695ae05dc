import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import type { JsonSchema } from '../json-schema';
import type { ToolOutputSchema } from '../result/tool-output-schema';
import type { ApprovalPolicy } from '../tool-metadata';
import type { ToolRetryOptions } from '../tool-retry';

/** Options of `@Tool()` and of function tools. */
export interface ToolOptions {
  /**
   * The tool's name; must match `^[a-zA-Z0-9_-]{1,64}$`.
   * @defaultValue the method's name
   */
  name?: string;
  /**
   * What the tool does, for the model.
   * @defaultValue the name split into words (`getWeather` → `get weather`)
   */
  description?: string;
  /** End the call with this tool's result instead of sending it back to the model (see the docs). */
  returnDirect?: boolean;
  /** Never run concurrently with the other tools of a round. */
  sequential?: boolean;
  /** Time limit of one call, in milliseconds. */
  timeoutMs?: number;
  /** Longest result sent to the model, in characters (longer ones are cut with a marker); `Infinity` for none. */
  maxResultChars?: number;
  /**
   * A person must approve each call (`true`), or the calls the policy picks (`(call, context) => boolean`): the
   * chat call pauses with `pendingApprovals` until `chat.resume(id, { approved })`.
   */
  approval?: boolean | ApprovalPolicy;
  /**
   * Turns what the tool returns into what is sent to the model (a text or a `ToolResult`).
   * @defaultValue `DefaultToolCallResultConverter` (JSON; a string or a `ToolResult` as is; known media bytes as a
   * part)
   */
  resultConverter?: ToolCallResultConverter;
  /**
   * The shape of the tool's structured result: a JSON Schema of `type: "object"`, a Standard Schema (zod…) or a DTO
   * class. Served over MCP as the tool's `outputSchema` (`ToolDefinition.outputSchema`), never sent to models. The
   * tool's `ToolResult.withStructuredContent(value)` is checked against it, and so is a plain object the tool
   * returns, which becomes the result's structured content as well as its JSON text: a value that does not match is
   * an `InvalidToolOutputError` result.
   */
  outputSchema?: ToolOutputSchema;
  /** A Standard Schema (zod, valibot, arktype…) of the input: the method takes the parsed value. */
  input?: StandardSchemaV1;
  /**
   * A literal JSON Schema of the input. Alone, the method takes the validated object; with `input`, it is what the
   * model is shown while `input` validates.
   */
  inputSchema?: JsonSchema;
  /** Keep `format` keywords in the schema shown to the model (removed by default). */
  keepFormat?: boolean;
  /**
   * Send this tool in the provider's strict mode (OpenAI), or not (`false`).
   * @defaultValue the model's settings
   */
  strict?: boolean;
  /**
   * With tool search on, `false` keeps the tool always offered to the model (pinned); by default it waits behind
   * the search tool until a search finds it. No effect without tool search.
   */
  deferred?: boolean;
  /**
   * Try a call again when it fails with a transient error (a `TransientToolError`, or what `retry.transient`
   * picks): up to `maxAttempts` attempts in all, waiting `backoffMs` (then longer) between them, all within
   * `timeoutMs`. Each retry is a `tool-retry` event and an event on the call's span; the model sees only the last
   * attempt's result.
   */
  retry?: ToolRetryOptions;
  /**
   * Running a call twice has the effect of running it once: a read, or a write keyed by
   * `ToolContext.idempotencyKey`. A durable run whose worker died during this tool's call runs it again; a call
   * of a tool without it is never run twice (at most once), and the model is told its outcome is unknown.
   * @defaultValue `false`
   */
  idempotent?: boolean;
}

/** A runtime type for a `@ToolParam`: a constructor, or a one-element array for "array of". */
export type ToolParamType =
  | StringConstructor
  | NumberConstructor
  | BooleanConstructor
  | DateConstructor
  | (abstract new (...args: any[]) => unknown)
  | readonly [ToolParamType];

/** Options of `@ToolParam()`, on a method parameter or on a DTO property. */
export interface ToolParamOptions {
  /** The argument's name in the schema. Needed when it cannot be read from the method's source. */
  name?: string;
  /** What the argument is, for the model. */
  description?: string;
  /** Parameters are required unless this is `false`. */
  required?: boolean;
  /** Overrides the type TypeScript emitted (needed for arrays, and for interfaces, unions and `any`). */
  type?: ToolParamType;
  /** Allowed values: a list, or a TypeScript enum object. */
  enum?: readonly (string | number)[] | Record<string, string | number>;
  /** A literal JSON Schema for this parameter; overrides everything else. */
  schema?: JsonSchema;
}
