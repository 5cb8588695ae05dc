// Compiled by `npm run typecheck`: every sample in docs/observability.md comes from this file, and
// test/docs/observability.example.spec.ts runs it (the SDK against a loopback OTLP receiver, the module with the
// OpenTelemetry SDK's in-memory exporter, the custom telemetry with a scripted model).
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { Module } from '@nestjs/common';
import {
  ToolCallingModule,
  type CallTelemetry,
  type ChatTelemetry,
  type ToolCallTelemetry,
} from 'nestjs-tool-calling';

// --- tracing.ts: start the SDK before anything loads http or express ------------------------------------------
export function startTracing(): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: 'support-desk',
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation()],
  });
  sdk.start();
  return sdk;
}

// --- Recording the content as well ----------------------------------------------------------------------------
@Module({
  imports: [ToolCallingModule.forRoot({ telemetry: { captureContent: true } })],
})
export class AppModuleWithContent {}

// --- Recording nothing ----------------------------------------------------------------------------------------
@Module({
  imports: [ToolCallingModule.forRoot({ telemetry: false })],
})
export class AppModuleWithoutTelemetry {}

// --- Your own telemetry: here, a count of tool outcomes ---------------------------------------------------------
export class ToolOutcomeCounter implements ChatTelemetry {
  readonly counts = new Map<string, number>();

  startCall(): CallTelemetry {
    const count = (key: string) => this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const tool = (name: string): ToolCallTelemetry => ({
      run: (fn) => fn(),
      end: (_result, isError) => count(`${name}:${isError ? 'error' : 'success'}`),
      deny: () => count(`${name}:denied`),
      limit: () => count(`${name}:limit`),
    });
    return {
      run: (fn) => fn(),
      startModelRequest: () => ({ run: (fn) => fn(), end: () => undefined, fail: () => undefined }),
      startToolCall: (_round, call) => tool(call.name),
      end: () => undefined,
      fail: () => undefined,
    };
  }
}

@Module({
  imports: [ToolCallingModule.forRoot({ telemetry: new ToolOutcomeCounter() })],
})
export class AppModuleWithOwnTelemetry {}
