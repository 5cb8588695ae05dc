import { context, metrics, trace, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type HistogramMetricData,
  type MetricData,
  type DataPoint,
  type Histogram,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';

/** A span as the tests read it: name, attributes, children, status. */
export interface SpanNode {
  readonly name: string;
  readonly kind: number;
  readonly attributes: Attributes;
  readonly status: { code: number; message?: string };
  readonly children: SpanNode[];
}

/**
 * The OpenTelemetry SDK registered globally as an application would (async-hooks context manager, a tracer and a
 * meter provider), with in-memory exporters the tests read.
 */
export class OtelTestSdk {
  readonly spans = new InMemorySpanExporter();
  readonly metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
  private readonly contextManager = new AsyncLocalStorageContextManager().enable();
  private readonly tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(this.spans)],
  });
  private readonly reader = new PeriodicExportingMetricReader({
    exporter: this.metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  private readonly meterProvider = new MeterProvider({ readers: [this.reader] });

  static start(): OtelTestSdk {
    const sdk = new OtelTestSdk();
    context.setGlobalContextManager(sdk.contextManager);
    trace.setGlobalTracerProvider(sdk.tracerProvider);
    metrics.setGlobalMeterProvider(sdk.meterProvider);
    return sdk;
  }

  async shutdown(): Promise<void> {
    await this.tracerProvider.shutdown();
    await this.meterProvider.shutdown();
    trace.disable();
    metrics.disable();
    context.disable();
  }

  /** Forgets the spans and the measurements so far (metrics are exported as deltas). */
  async reset(): Promise<void> {
    this.spans.reset();
    await this.reader.forceFlush();
    this.metricExporter.reset();
  }

  finished(): ReadableSpan[] {
    return this.spans.getFinishedSpans();
  }

  /** The finished spans as trees, roots first in start order. */
  trees(): SpanNode[] {
    const spans = [...this.finished()].sort((a, b) => compareTime(a.startTime, b.startTime));
    const nodes = new Map<string, SpanNode>();
    for (const span of spans) {
      nodes.set(span.spanContext().spanId, {
        name: span.name,
        kind: span.kind,
        attributes: span.attributes,
        status: span.status,
        children: [],
      });
    }
    const roots: SpanNode[] = [];
    for (const span of spans) {
      const node = nodes.get(span.spanContext().spanId)!;
      const parent = span.parentSpanContext ? nodes.get(span.parentSpanContext.spanId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** The data points of a histogram since the last reset (exported as deltas, so collections add up). */
  async histogram(name: string): Promise<DataPoint<Histogram>[]> {
    return (await this.metricsNamed(name)).flatMap((m) => (m as HistogramMetricData).dataPoints);
  }

  /** The unit of an exported metric. */
  async unitOf(name: string): Promise<string | undefined> {
    return (await this.metricsNamed(name))[0]?.descriptor.unit;
  }

  private async metricsNamed(name: string): Promise<MetricData[]> {
    await this.reader.forceFlush();
    return this.metricExporter
      .getMetrics()
      .flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics))
      .filter((metric) => metric.descriptor.name === name);
  }
}

function compareTime(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** A tree reduced to names, for comparing its shape. */
export function shape(node: SpanNode): unknown {
  return node.children.length === 0 ? node.name : { [node.name]: node.children.map(shape) };
}

/** Every attribute value of every finished span, as text. */
export function allAttributeText(spans: readonly ReadableSpan[]): string {
  return spans
    .map(
      (span) =>
        `${span.name} ${JSON.stringify(span.attributes)} ${span.status.message ?? ''} ${JSON.stringify(span.events)}`,
    )
    .join('\n');
}
