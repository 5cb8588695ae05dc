import { Logger, StreamableFile } from '@nestjs/common';
import type { BaseEvent } from '@ag-ui/core';
import { requireOptional } from '../../util/optional-require';
import { ChatEventPuller, type ChatEventSource } from '../chat-event-source';
import { EventStreamBody, type EventStreamSource } from '../event-stream-body';
import { safeErrorText } from '../safe-error-text';
import { AgUiEventMapper, type AgUiRunIds } from './ag-ui-event.mapper';

const logger = new Logger('AgUiStream');

/** Options of `agUiStreamResponse()`. */
export interface AgUiStreamOptions {
  /** The text of `RUN_ERROR` when the call fails; by default a fixed sentence naming the error's class. */
  readonly onError?: (error: unknown) => string;
  /** Ends the run as cancelled (`RUN_FINISHED` with the `cancelled` outcome) when aborted, and aborts the call. */
  readonly signal?: AbortSignal;
}

/**
 * An AG-UI event stream as the response of a Nest route (server-sent events, through `@ag-ui/encoder`): return it
 * from a `@Post()` handler; Express and Fastify stream it. A client that disconnects aborts the call.
 */
export class AgUiStreamResponse extends StreamableFile {
  /** @internal */
  constructor(body: EventStreamBody, contentType: string) {
    super(body, { type: contentType });
  }
}

type Encoder = { encodeSSE(event: BaseEvent): string; getContentType(): string };

/**
 * Serves a streamed call (`chat.prompt()….stream()`) as AG-UI events for the run `run`: `RUN_STARTED`, text
 * messages, tool calls and results, `CUSTOM` progress and truncation, and `RUN_FINISHED` (with the calls waiting
 * for approval as interrupts), `RUN_ERROR` (a safe text) or a cancelled `RUN_FINISHED`. Needs `@ag-ui/encoder`.
 */
export function agUiStreamResponse(
  source: ChatEventSource,
  run: AgUiRunIds,
  options: AgUiStreamOptions = {},
): AgUiStreamResponse {
  const { EventEncoder } = requireOptional<typeof import('@ag-ui/encoder')>(
    '@ag-ui/encoder',
    'the AG-UI event stream',
  );
  const encoder: Encoder = new EventEncoder();
  const puller = new ChatEventPuller(source, options.signal);
  const mapper = new AgUiEventMapper(run);
  const onError = options.onError ?? safeErrorText;
  let state: 'new' | 'running' | 'over' = 'new';
  const next = async (): Promise<string | undefined> => {
    if (state === 'over') return undefined;
    const out: BaseEvent[] = [];
    if (state === 'new') {
      state = 'running';
      out.push(mapper.start());
    }
    for (;;) {
      const pulled = await puller.next();
      if (pulled.kind === 'event') {
        mapper.map(pulled.event, out);
        if (pulled.event.type === 'finished') state = 'over';
        if (out.length > 0) break;
        continue;
      }
      state = 'over';
      mapper.close(out);
      if (pulled.kind === 'failed') {
        logger.error(`A streamed chat call failed: ${String((pulled.error as Error)?.name ?? pulled.error)}`);
        out.push({
          type: 'RUN_ERROR',
          message: textOf(onError, pulled.error),
          ...(pulled.error instanceof Error && { code: pulled.error.name }),
        } as BaseEvent);
      } else if (pulled.kind === 'aborted')
        out.push({ type: 'RUN_FINISHED', ...run, outcome: { type: 'cancelled' } } as BaseEvent);
      break;
    }
    if (out.length === 0) return undefined;
    let text = '';
    for (const event of out) text += encoder.encodeSSE(event);
    return text;
  };
  const source$: EventStreamSource = { next, cancel: () => puller.cancel() };
  const contentType = encoder.getContentType();
  return new AgUiStreamResponse(
    new EventStreamBody(source$, { 'content-type': contentType, 'cache-control': 'no-cache' }),
    contentType,
  );
}

function textOf(onError: (error: unknown) => string, error: unknown): string {
  try {
    return onError(error);
  } catch {
    return safeErrorText(error);
  }
}
