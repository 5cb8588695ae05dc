import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Tracing of the sample app, on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: the OpenTelemetry Node SDK with the
 * HTTP and Express instrumentations, so that the library's chat and tool spans nest under each HTTP request. The
 * SDK reads the rest from the environment: `OTEL_EXPORTER_OTLP_PROTOCOL` (`http/protobuf` by default, `http/json`,
 * `grpc`), `OTEL_SERVICE_NAME`, `OTEL_METRICS_EXPORTER`… Imported first by main.ts, so that the instrumentations
 * are in place before `http` and `express` are loaded.
 */
function startTelemetry(): NodeSDK | undefined {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'support-desk-sample',
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation()],
  });
  sdk.start();
  return sdk;
}

export const telemetry = startTelemetry();

/** Sends what is buffered; called when the app shuts down. */
export async function stopTelemetry(): Promise<void> {
  await telemetry?.shutdown();
}
