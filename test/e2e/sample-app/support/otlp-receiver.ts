import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeTraceRequest, type ReceivedSpan } from './otlp-protobuf';

/**
 * An OTLP/HTTP trace receiver on loopback, for the tests: accepts `POST /v1/traces` in both encodings of the
 * protocol (`application/json` and `application/x-protobuf`) and keeps the spans.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly contentTypes = new Set<string>();
  private waiters: { predicate: () => boolean; resolve: () => void }[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server: Server = createServer((req, res) => {
      void readBody(req).then((body) => {
        if (req.method !== 'POST' || req.url !== '/v1/traces') {
          res.writeHead(404).end();
          return;
        }
        const type = String(req.headers['content-type'] ?? '');
        receiver.contentTypes.add(type);
        const spans = type.includes('json') ? decodeJson(body) : decodeTraceRequest(body);
        receiver.received(spans);
        if (type.includes('json')) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    const receiver = new OtlpReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once the spans received satisfy `predicate`, or rejects after `ms`. */
  waitFor(predicate: (spans: readonly ReceivedSpan[]) => boolean, ms = 15_000): Promise<void> {
    if (predicate(this.spans)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`spans received: ${this.spans.map((s) => s.name).join(', ')}`)),
        ms,
      );
      this.waiters.push({
        predicate: () => predicate(this.spans),
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private received(spans: ReceivedSpan[]): void {
    this.spans.push(...spans);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.predicate()) return true;
      waiter.resolve();
      return false;
    });
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface JsonValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonValue[] };
}

function jsonValue(value: JsonValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(jsonValue);
  return undefined;
}

function decodeJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8'));
  const spans: ReceivedSpan[] = [];
  for (const resource of request.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind,
          scope: scope.scope?.name ?? '',
          attributes: Object.fromEntries(
            (span.attributes ?? []).map((kv: { key: string; value: JsonValue }) => [
              kv.key,
              jsonValue(kv.value),
            ]),
          ),
        });
      }
    }
  }
  return spans;
}
