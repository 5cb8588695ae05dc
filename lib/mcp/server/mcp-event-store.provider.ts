import type { McpEventStore, McpSessionEventStore } from './event-store/mcp-event-store';
import type { McpServerModuleOptions } from './mcp-server-options';

/**
 * The event store of the endpoint's 2025-era sessions: the one given as `eventStore`, else the tool-calling
 * module's `MCP_EVENT_STORE` (Redis with `redis` configured, so a session's stream resumes after a restart of its
 * replica's connection; else in memory). None without sessions: stateless requests have no stream to resume.
 */
export function mcpEventStoreOf(
  options: McpServerModuleOptions,
  moduleStore: McpEventStore | McpSessionEventStore | undefined,
): McpEventStore | McpSessionEventStore | undefined {
  if (!options.sessions) return undefined;
  return options.eventStore ?? moduleStore;
}

/** The store one session's transport writes to: its own view of a shared store. */
export function sessionEventStore(
  store: McpEventStore | McpSessionEventStore,
  sessionId: string,
): McpEventStore {
  return 'forSession' in store ? store.forSession(sessionId) : store;
}
