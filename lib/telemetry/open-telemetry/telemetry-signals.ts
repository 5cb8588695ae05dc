import type { Histogram, Meter, Tracer } from '@opentelemetry/api';
import { DURATION_BUCKETS, Metric, TOKEN_BUCKETS } from '../gen-ai-attributes';
import type { OpenTelemetryApi } from './open-telemetry-api';

/** The histograms of the conventions, made once per meter. */
export interface GenAiInstruments {
  readonly operationDuration: Histogram;
  readonly tokenUsage: Histogram;
  readonly toolDuration: Histogram;
}

/** What one chat call records with: the API, the tracer and the instruments that are live, the content setting. */
export interface TelemetrySignals {
  readonly api: OpenTelemetryApi;
  /** Absent when no tracer provider is registered. */
  readonly tracer?: Tracer;
  /** Absent when no meter provider is registered. */
  readonly instruments?: GenAiInstruments;
  readonly captureContent: boolean;
}

export function createInstruments(api: OpenTelemetryApi, meter: Meter): GenAiInstruments {
  return {
    operationDuration: meter.createHistogram(Metric.OPERATION_DURATION, {
      description: 'GenAI operation duration.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    tokenUsage: meter.createHistogram(Metric.TOKEN_USAGE, {
      description: 'Number of input and output tokens used.',
      unit: '{token}',
      valueType: api.ValueType.INT,
      advice: { explicitBucketBoundaries: TOKEN_BUCKETS },
    }),
    toolDuration: meter.createHistogram(Metric.TOOL_DURATION, {
      description: 'Duration of a tool call, by tool name and outcome.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
  };
}

/** Seconds since `start` (a `performance.now()` value). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
