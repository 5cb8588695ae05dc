/** A span as an OTLP receiver sees it: ids in hex, attributes as plain values, `kind` as OTLP numbers it. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP's `SpanKind`: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly scope: string;
  readonly attributes: Record<string, unknown>;
}

type Field = {
  readonly number: number;
  readonly varint?: bigint;
  readonly bytes?: Buffer;
  readonly fixed?: Buffer;
};

/** The fields of one protobuf message, in order (just the wire format: varints, fixed, length-delimited). */
function fields(buffer: Buffer): Field[] {
  const result: Field[] = [];
  let offset = 0;
  const varint = (): bigint => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[offset++];
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
      shift += 7n;
    }
  };
  while (offset < buffer.length) {
    const key = Number(varint());
    const number = key >>> 3;
    switch (key & 7) {
      case 0:
        result.push({ number, varint: varint() });
        break;
      case 1:
        result.push({ number, fixed: buffer.subarray(offset, (offset += 8)) });
        break;
      case 2: {
        const length = Number(varint());
        result.push({ number, bytes: buffer.subarray(offset, (offset += length)) });
        break;
      }
      case 5:
        result.push({ number, fixed: buffer.subarray(offset, (offset += 4)) });
        break;
      default:
        throw new Error(`unsupported protobuf wire type ${key & 7}`);
    }
  }
  return result;
}

const all = (message: Field[], number: number): Field[] => message.filter((f) => f.number === number);
const one = (message: Field[], number: number): Field | undefined => message.find((f) => f.number === number);
const text = (field: Field | undefined): string => field?.bytes?.toString('utf8') ?? '';

/** opentelemetry.proto.common.v1.AnyValue */
function anyValue(message: Field[]): unknown {
  const [field] = message;
  if (field === undefined) return undefined;
  switch (field.number) {
    case 1:
      return text(field);
    case 2:
      return field.varint === 1n;
    case 3:
      return Number(BigInt.asIntN(64, field.varint!));
    case 4:
      return field.fixed!.readDoubleLE(0);
    case 5:
      return all(fields(field.bytes!), 1).map((value) => anyValue(fields(value.bytes!)));
    default:
      return undefined;
  }
}

function attributes(message: Field[], number: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const kv of all(message, number)) {
    const pair = fields(kv.bytes!);
    result[text(one(pair, 1))] = anyValue(fields(one(pair, 2)?.bytes ?? Buffer.alloc(0)));
  }
  return result;
}

/** The spans of an `ExportTraceServiceRequest` (opentelemetry.proto.collector.trace.v1). */
export function decodeTraceRequest(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of all(fields(body), 1)) {
    for (const scopeSpans of all(fields(resourceSpans.bytes!), 2)) {
      const scope = fields(scopeSpans.bytes!);
      const scopeName = text(one(fields(one(scope, 1)?.bytes ?? Buffer.alloc(0)), 1));
      for (const spanField of all(scope, 2)) {
        const span = fields(spanField.bytes!);
        spans.push({
          traceId: one(span, 1)?.bytes?.toString('hex') ?? '',
          spanId: one(span, 2)?.bytes?.toString('hex') ?? '',
          parentSpanId: one(span, 4)?.bytes?.toString('hex') ?? '',
          name: text(one(span, 5)),
          kind: Number(one(span, 6)?.varint ?? 0n),
          scope: scopeName,
          attributes: attributes(span, 9),
        });
      }
    }
  }
  return spans;
}
