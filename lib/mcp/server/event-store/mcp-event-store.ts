import { ToolCallingOptionsError } from '../../../errors/tool-calling-options.error';

/** A JSON-RPC message of an SSE stream, as the MCP SDK's transport hands it to an event store (`{}`: a priming event). */
export type McpEventMessage = object;

/**
 * What the MCP SDK's Streamable HTTP transport needs to make SSE streams resumable (its `EventStore`, written here
 * without the SDK's types so that the Redis entry does not need the SDK): it stores each event of a stream, and
 * replays a stream's events after the one a reconnecting client names in `Last-Event-ID`.
 */
export interface McpEventStore {
  /** Stores an event of `streamId`; resolves with its id (sent to the client as the SSE `id`). */
  storeEvent(streamId: string, message: McpEventMessage): Promise<string>;
  /** The stream `eventId` belongs to, or `undefined` when the event is unknown, expired or evicted. */
  getStreamIdForEventId(eventId: string): Promise<string | undefined>;
  /**
   * Sends the events of `lastEventId`'s stream stored after it (never a priming event), in order; resolves with the
   * stream's id (`''` when the event is unknown).
   */
  replayEventsAfter(
    lastEventId: string,
    target: { send: (eventId: string, message: McpEventMessage) => Promise<void> },
  ): Promise<string>;
}

/**
 * An event store that keeps each MCP session's streams apart: the transport names the stream of a session's `GET`
 * the same way in every session, so a store shared by sessions (one Redis for all replicas) is handed to each
 * session's transport through `forSession(sessionId)`.
 */
export interface McpSessionEventStore extends McpEventStore {
  /** The same store, seeing only the streams of `sessionId`. */
  forSession(sessionId: string): McpEventStore;
}

/** An event id: the stream's id and the event's position in it, `<streamId>_<position>`. */
export function mcpEventId(streamId: string, position: string): string {
  return `${streamId}_${position}`;
}

/** The stream id and position of an event id, or `undefined` when it is not one of `mcpEventId`'s (`position`: `pattern`). */
export function parseMcpEventId(
  eventId: string,
  position: RegExp,
): { readonly streamId: string; readonly position: string } | undefined {
  const at = eventId.lastIndexOf('_');
  if (at <= 0) return undefined;
  const streamId = eventId.slice(0, at);
  const rest = eventId.slice(at + 1);
  return position.test(rest) ? { streamId, position: rest } : undefined;
}

/** Whether the message is a priming event (`{}`: it marks a position, and is never replayed). */
export function isPrimingEvent(message: McpEventMessage): boolean {
  return Object.keys(message).length === 0;
}

/** A bound of an event store's options: `fallback` when not given; throws `ToolCallingOptionsError` unless ≥ 1. */
export function eventStoreBound(
  store: string,
  option: string,
  value: number | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new ToolCallingOptionsError(`${store}.${option}`, value, 'a whole number of at least 1');
  return value;
}
