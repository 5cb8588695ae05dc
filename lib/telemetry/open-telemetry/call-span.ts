import type { Context } from '@opentelemetry/api';
import type { TelemetrySignals } from './telemetry-signals';

/** A span under the call that is still open: failed with the call's error if the call ends first. */
export interface OpenChild {
  fail(error: unknown): void;
}

/** What a model request's or a tool call's span takes from the call it belongs to. */
export interface CallSpan {
  readonly signals: TelemetrySignals;
  readonly provider: string;
  readonly requestModel: string | undefined;
  /** The call's span as the parent context (the caller's context when no tracer is registered). */
  readonly context: Context;
  /** Called by a child as it ends. */
  closed(child: OpenChild): void;
  limitHit(limit: string): void;
}
