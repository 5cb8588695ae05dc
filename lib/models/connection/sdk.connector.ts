import type { ModelErrorMapper } from '../errors/error-mapping.context';
import {
  resolveConnection,
  type ConnectionSettings,
  type ConnectionSource,
  type ResolvedConnection,
} from './connection.resolver';
import { SDK_DEFAULT_MAX_RETRIES, type ModelConnection } from './model-connection';
import { loadProviderSdk } from './provider-sdk.loader';

/** What a user's own SDK client reveals for errors: its endpoint, its secrets, its limits. */
export interface AdoptedClient {
  readonly baseURL: string | undefined;
  readonly secrets: string[];
  readonly maxRetries: number;
  readonly timeoutMs: number | undefined;
}

/** The settings a connector reads: the connection, the limits, and perhaps a ready-made client. */
export interface ConnectorSettings<C> extends ConnectionSettings {
  readonly client?: C;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
}

/** How one provider's SDK is loaded and its client made: everything that differs between providers. */
export interface SdkConnector<Sdk, C, S extends ConnectorSettings<C>> {
  /** The npm package of the SDK, an optional peer dependency. */
  readonly sdkPackage: string;
  readonly source: ConnectionSource;
  /** The key and base URL; by default `resolveConnection` of `source`. */
  readonly resolve?: (settings: S) => ResolvedConnection;
  /** The client for resolved settings. */
  readonly build: (sdk: Sdk, resolved: ResolvedConnection, settings: S) => C;
  /** What a client the user built reveals. */
  readonly adopt: (client: C) => AdoptedClient;
  readonly mapError: (sdk: Sdk) => ModelErrorMapper;
}

/**
 * The one path from settings to a connection, for every SDK: load the SDK (a missing one is a configuration error
 * saying what to install), take the user's own client or resolve the key and base URL once and build one.
 */
export function connectSdk<Sdk, C, S extends ConnectorSettings<C>>(
  connector: SdkConnector<Sdk, C, S>,
  settings: S,
): ModelConnection<C> {
  const { provider, feature } = connector.source;
  const sdk = loadProviderSdk<Sdk>(connector.sdkPackage, provider, feature);
  const mapError = connector.mapError(sdk);
  if (settings.client) {
    return { client: settings.client, provider, mapError, ...connector.adopt(settings.client) };
  }
  const resolved = (connector.resolve ?? ((given: S) => resolveConnection(connector.source, given)))(
    settings,
  );
  return {
    client: connector.build(sdk, resolved, settings),
    provider,
    baseURL: resolved.endpointURL,
    secrets: resolved.secrets,
    maxRetries: settings.maxRetries ?? SDK_DEFAULT_MAX_RETRIES,
    timeoutMs: settings.timeoutMs,
    mapError,
  };
}
