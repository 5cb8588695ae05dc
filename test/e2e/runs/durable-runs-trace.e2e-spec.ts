import { propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { ChatClient } from 'nestjs-tool-calling';
import { DurableRuns } from 'nestjs-tool-calling/runs';
import { describeWithRedis } from '../../support/redis-suite';
import { OtelTestSdk } from '../../telemetry/support/otel-test-sdk';
import { boundsAppModule } from './fixture/bounds-app';

jest.setTimeout(60_000);

const ALICE = { user: { id: 'alice' } };

describeWithRedis('durable runs: trace context carried in the job', (redis) => {
  let sdk: OtelTestSdk;
  let app: INestApplicationContext;

  beforeAll(async () => {
    sdk = OtelTestSdk.start();
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const moduleRef = await Test.createTestingModule({
      imports: [boundsAppModule(redis.server.url)],
    }).compile();
    app = await moduleRef.init();
  });

  afterAll(async () => {
    await app?.close();
    propagation.disable();
    await sdk?.shutdown();
  });

  it('the worker’s spans of the run nest under the span of the request that submitted it', async () => {
    const chat = app.get(ChatClient);
    const runs = app.get(DurableRuns);
    const tracer = trace.getTracer('test');
    const { runId, traceId, spanId } = await tracer.startActiveSpan('POST /api/chat', async (span) => {
      const submitted = await chat.prompt('slow export').request(ALICE).toolContext({ delayMs: 1 }).submit();
      span.end();
      return { ...submitted, ...span.spanContext() };
    });
    const until = Date.now() + 20_000;
    while ((await runs.status(runId, ALICE)).status !== 'finished') {
      if (Date.now() > until) throw new Error('the run did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const spans = sdk.spans.getFinishedSpans();
    const children = spans.filter((span) => span.parentSpanContext?.spanId === spanId);
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((span) => span.spanContext().traceId === traceId)).toBe(true);
    // Every span the run made (the chat call, its model requests, its tool call) is in the submitter's trace.
    const runSpans = spans.filter((span) => span.name !== 'POST /api/chat');
    expect(runSpans.length).toBeGreaterThanOrEqual(3);
    expect(runSpans.map((span) => span.spanContext().traceId)).toEqual(runSpans.map(() => traceId));
  });
});
