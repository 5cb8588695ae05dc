import type * as Api from '@opentelemetry/api';

/** The `@opentelemetry/api` module's exports. */
export type OpenTelemetryApi = typeof Api;

let loaded: OpenTelemetryApi | null | undefined;

/**
 * `@opentelemetry/api`, an optional peer dependency, loaded on the first chat call (never when the library is
 * imported); `undefined` when it is not installed, in which case nothing is recorded.
 */
export function loadOpenTelemetryApi(): OpenTelemetryApi | undefined {
  if (loaded === undefined) {
    try {
      loaded = require('@opentelemetry/api') as OpenTelemetryApi;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
