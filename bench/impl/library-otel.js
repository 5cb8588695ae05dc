'use strict';
const { context, metrics, trace } = require('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { BatchSpanProcessor, BasicTracerProvider } = require('@opentelemetry/sdk-trace-base');
const { MeterProvider, PeriodicExportingMetricReader } = require('@opentelemetry/sdk-metrics');
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { functionToolCallbacks } = require('./support/function-tools');

/** ExportResultCode.SUCCESS of @opentelemetry/core. */
const SUCCESS = 0;

/** An exporter that drops what it is given: the cost measured is the recording, not the transport. */
const dropAll = {
  export(_items, done) {
    done({ code: SUCCESS });
  },
  shutdown: async () => undefined,
  forceFlush: async () => undefined,
};

/**
 * `library-function` with the OpenTelemetry SDK registered as a production app would have it: the async-hooks
 * context manager, a tracer provider with a batch span processor and a meter provider with a periodic reader, both
 * exporting to a no-op exporter. Every conversation records its invoke_agent, chat and execute_tool spans and the
 * three histograms (no content).
 */
module.exports = {
  label: 'library: FunctionToolCallbacks, OpenTelemetry SDK (no-op exporters)',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient']);
    const { OpenTelemetryChatTelemetry } = loadLibrary('opentelemetry', ['OpenTelemetryChatTelemetry']);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropAll)] });
    trace.setGlobalTracerProvider(tracerProvider);
    const reader = new PeriodicExportingMetricReader({ exporter: dropAll, exportIntervalMillis: 60_000 });
    const meterProvider = new MeterProvider({ readers: [reader] });
    metrics.setGlobalMeterProvider(meterProvider);

    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks: functionToolCallbacks(workload) },
      {
        toolCallingManager: {
          limits: toolCallingLimits(workload),
          telemetry: new OpenTelemetryChatTelemetry(),
        },
      },
    );
    const { userMessage } = workload;
    return {
      runConversation: () => chat.prompt(userMessage).call().content(),
      async teardown() {
        await tracerProvider.shutdown();
        await meterProvider.shutdown();
      },
    };
  },
};
