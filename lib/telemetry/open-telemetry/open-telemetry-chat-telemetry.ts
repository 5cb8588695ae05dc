import type { Meter, MeterProvider, Tracer, TracerProvider } from '@opentelemetry/api';
import type { ChatModel } from '../../chat/model/chat-model';
import type { ChatOptions } from '../../chat/model/chat-options';
import type { Message } from '../../chat/model/messages';
import type { CallTelemetry, ChatTelemetry } from '../../chat/ports/chat-telemetry';
import { OpenTelemetryCallTelemetry } from './call.telemetry';
import { loadOpenTelemetryApi, type OpenTelemetryApi } from './open-telemetry-api';
import { captureContentFromEnv } from './capture-content';
import { createInstruments, type GenAiInstruments, type TelemetrySignals } from './telemetry-signals';

/** The instrumentation scope of the spans and metrics. */
export const INSTRUMENTATION_SCOPE = 'nestjs-tool-calling';

interface ProxyLike extends TracerProvider {
  getDelegate?(): TracerProvider;
  getDelegateTracer?(name: string): Tracer | undefined;
}

/**
 * Records the OpenTelemetry GenAI spans and metrics of every chat call through the global tracer and meter
 * providers, that is, through the OpenTelemetry SDK when the application registers one. With none registered (or
 * without `@opentelemetry/api` installed), `startCall()` returns `undefined` after two identity checks and nothing
 * else runs. The providers are looked up on every call, so an SDK started after the module still records.
 */
export class OpenTelemetryChatTelemetry implements ChatTelemetry {
  private tracerProvider?: TracerProvider;
  private tracer?: Tracer;
  private meterProvider?: MeterProvider;
  private instruments?: GenAiInstruments;
  private signals?: TelemetrySignals;

  private readonly captureContent: boolean;

  /**
   * `captureContent`: record messages, tool arguments and results (default: whether
   * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT` is `true`). The `ToolContext` is never recorded.
   */
  constructor(options: { readonly captureContent?: boolean } = {}) {
    this.captureContent = options.captureContent ?? captureContentFromEnv();
  }

  /** `undefined` when neither a tracer provider nor a meter provider is registered. */
  startCall(
    chatModel: ChatModel,
    messages: readonly Message[],
    options: ChatOptions,
    streaming: boolean,
  ): CallTelemetry | undefined {
    const api = loadOpenTelemetryApi();
    if (api === undefined) return undefined;
    const signals = this.current(api);
    if (signals === undefined) return undefined;
    return new OpenTelemetryCallTelemetry(signals, chatModel, messages, options, streaming);
  }

  private current(api: OpenTelemetryApi): TelemetrySignals | undefined {
    let changed = false;
    const proxy = api.trace.getTracerProvider() as ProxyLike;
    const tracerProvider = proxy.getDelegate ? proxy.getDelegate() : proxy;
    if (tracerProvider !== this.tracerProvider) {
      this.tracerProvider = tracerProvider;
      // Without a delegate, the proxy would hand out a tracer of no-op spans: nothing to record.
      this.tracer = proxy.getDelegateTracer
        ? proxy.getDelegateTracer(INSTRUMENTATION_SCOPE)
        : proxy.getTracer(INSTRUMENTATION_SCOPE);
      changed = true;
    }
    const meterProvider = api.metrics.getMeterProvider();
    if (meterProvider !== this.meterProvider) {
      this.meterProvider = meterProvider;
      const meter: Meter = meterProvider.getMeter(INSTRUMENTATION_SCOPE);
      this.instruments = meter === api.createNoopMeter() ? undefined : createInstruments(api, meter);
      changed = true;
    }
    if (changed) {
      this.signals =
        this.tracer === undefined && this.instruments === undefined
          ? undefined
          : { api, tracer: this.tracer, instruments: this.instruments, captureContent: this.captureContent };
    }
    return this.signals;
  }
}
