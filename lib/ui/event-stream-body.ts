import { Readable } from 'node:stream';

/** What an `EventStreamBody` reads: text to send, one piece at a time, and a way to stop the producer early. */
export interface EventStreamSource {
  /** The next text to send, or `undefined` at the end. Never rejects. */
  next(): Promise<string | undefined>;
  /** The client left: stop producing (abort the call). */
  cancel(): void;
}

interface HeaderTarget {
  readonly headersSent?: boolean;
  setHeader?(name: string, value: string): unknown;
}

/**
 * The body of a server-sent events response, as a Node stream an HTTP platform pipes into its response (Nest's
 * `StreamableFile` path, on Express and on Fastify alike). It sets its protocol's headers on the response it is
 * piped into (before the first byte: both platforms set their headers with `setHeader` and write them with the
 * first chunk), pulls the next piece only when the response wants more, and cancels the producer when destroyed
 * (the client disconnected).
 */
export class EventStreamBody extends Readable {
  private reading = false;

  constructor(
    private readonly source: EventStreamSource,
    private readonly headers: Readonly<Record<string, string>>,
  ) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const target = destination as unknown as HeaderTarget;
    if (target.headersSent !== true && typeof target.setHeader === 'function')
      for (const [name, value] of Object.entries(this.headers)) target.setHeader(name, value);
    return super.pipe(destination, options);
  }

  override _read(): void {
    if (this.reading) return;
    this.reading = true;
    void this.pull();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.cancel();
    callback(error);
  }

  private async pull(): Promise<void> {
    let more = true;
    while (more) {
      const text = await this.source.next();
      if (this.destroyed) return;
      if (text === undefined) {
        this.push(null);
        return;
      }
      more = this.push(text);
    }
    this.reading = false;
  }
}
