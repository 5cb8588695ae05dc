import type { OpenAiConnection } from './openai-client.factory';

/** Connections built ahead for an adapter's settings object (Azure OpenAI's client), kept out of the public API. */
const prepared = new WeakMap<object, OpenAiConnection>();

/** `settings`, with the connection the OpenAI adapters should use for them instead of building their own. */
export function withPreparedConnection<T extends object>(settings: T, connection: OpenAiConnection): T {
  prepared.set(settings, connection);
  return settings;
}

/** The connection prepared for these settings, if any. */
export function preparedConnection(settings: object): OpenAiConnection | undefined {
  return prepared.get(settings);
}
