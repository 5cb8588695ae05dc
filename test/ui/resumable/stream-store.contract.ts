import {
  InvalidStreamIdError,
  ResumableStreams,
  StreamSizeLimitError,
  type ResumableStreamStore,
} from 'nestjs-tool-calling';

/** A source whose chunks the test sends one by one, and ends when it says so. */
export class ChunkSource implements AsyncIterable<string> {
  private readonly queue: (string | null)[] = [];
  private wake?: () => void;
  /** How many chunks the consumer has taken. */
  taken = 0;
  returned = false;

  send(...chunks: string[]): void {
    this.queue.push(...chunks);
    this.wake?.();
  }

  end(): void {
    this.queue.push(null);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    try {
      for (;;) {
        while (this.queue.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
        const next = this.queue.shift()!;
        if (next === null) return;
        this.taken++;
        yield next;
      }
    } finally {
      this.returned = true;
    }
  }
}

export async function readAll(stream: ReadableStream<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<string>) chunks.push(chunk);
  return chunks;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

/**
 * What every stream store does, through the store and through `ResumableStreams` on it: `make()` is a store of a
 * replica (two calls: two replicas sharing what the store shares).
 */
export function streamStoreContract(make: () => ResumableStreamStore): void {
  const stores: ResumableStreamStore[] = [];
  const store = (): ResumableStreamStore => {
    const made = make();
    stores.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((made) => made.close()));
  });
  let seq = 0;
  const chatId = (): string => `chat-${process.pid}-${Date.now()}-${seq++}`;

  it('records chunks in order; a reader follows them from any cursor to the end', async () => {
    const writer = store();
    const reader = store();
    const id = chatId();
    const runId = await writer.start(id);
    expect(await reader.latest(id)).toBe(runId);
    expect(await writer.append(runId, ['a', 'b'], 100)).toBe('ok');
    const first = await reader.read(runId, undefined, 0);
    expect(first).toMatchObject({ chunks: ['a', 'b'], done: false });
    const waiting = reader.read(runId, first!.cursor, 5_000);
    expect(await writer.append(runId, ['c'], 100)).toBe('ok');
    expect(await waiting).toMatchObject({ chunks: ['c'], done: false });
    await writer.finish(runId, 60);
    const all = await reader.read(runId, undefined, 0);
    expect(all).toMatchObject({ chunks: ['a', 'b', 'c'], done: true });
    expect(await reader.latest(id)).toBe(runId);
  });

  it('caps a recording by its UTF-8 bytes: the batch that would pass it is refused whole', async () => {
    const writer = store();
    const runId = await writer.start(chatId());
    expect(await writer.append(runId, ['ééé'], 8)).toBe('ok'); // 6 bytes
    expect(await writer.append(runId, ['x', 'éé'], 8)).toBe('full'); // 6 + 5 > 8
    expect(await writer.append(runId, ['xy'], 8)).toBe('ok'); // 8
    expect((await writer.read(runId, undefined, 0))?.chunks).toEqual(['ééé', 'xy']);
  });

  it('a stop asked of another replica reaches the run: its listener, and its next append', async () => {
    const writer = store();
    const other = store();
    const id = chatId();
    const runId = await writer.start(id);
    let stopped = 0;
    const unwatch = await writer.onStop(runId, () => stopped++);
    expect(await other.stop(id)).toBe(true);
    await until(() => stopped === 1, 'the stop listener is called');
    expect(await writer.append(runId, ['tail'], 100)).toBe('stopped');
    expect((await other.read(runId, undefined, 0))?.chunks).toEqual(['tail']);
    await unwatch();
    await writer.finish(runId, 60);
    expect(await other.stop(id)).toBe(false);
    expect(await other.stop(chatId())).toBe(false);
    expect(stopped).toBe(1);
  });

  it('a finished recording expires ttlSeconds after its run ended; a new run replaces the latest', async () => {
    const writer = store();
    const id = chatId();
    const old = await writer.start(id);
    const runId = await writer.start(id);
    expect(await writer.latest(id)).toBe(runId);
    await writer.append(runId, ['a'], 100);
    await writer.finish(runId, 1);
    await writer.finish(old, 1);
    expect(await writer.latest(id)).toBe(runId);
    await until(async () => (await writer.latest(id)) === undefined, 'the recording expires');
    expect(await writer.read(runId, undefined, 0)).toBeUndefined();
  });

  describe('ResumableStreams on it', () => {
    const streams = (settings = { ttlSeconds: 60, maxBytes: 1_000 }) =>
      new ResumableStreams(store(), settings);

    it('a client that reconnects to another replica gets the whole stream, then the rest, to its end', async () => {
      const a = streams();
      const b = streams();
      const id = chatId();
      const source = new ChunkSource();
      const live = (await a.record(id, source)).getReader();
      source.send('one ', 'two ');
      expect((await live.read()).value).toBe('one ');
      // The client goes away: the run goes on, recorded.
      await live.cancel();
      source.send('three ');
      await until(() => source.taken === 3, 'the source is read on');
      const resumed = await b.resume(id);
      source.send('four');
      source.end();
      expect((await readAll(resumed!)).join('')).toBe('one two three four');
      // Within the TTL after the end, a reconnecting client still gets it all.
      expect((await readAll((await b.resume(id))!)).join('')).toBe('one two three four');
      expect(await b.resume(chatId())).toBeUndefined();
    });

    it('stop() on another replica aborts the run where it runs', async () => {
      const a = streams();
      const b = streams();
      const id = chatId();
      const source = new ChunkSource();
      const abort = new AbortController();
      const live = await a.record(id, source, { abort });
      source.send('partial');
      expect(await b.stop(id)).toBe(true);
      await until(() => abort.signal.aborted, 'the run is aborted');
      source.send('[aborted]');
      source.end();
      expect(await readAll(live)).toEqual(['partial', '[aborted]']);
      expect(await b.stop(id)).toBe(false);
    });

    it('over maxBytes: the run is aborted, and the stream (live and resumed) ends with an error chunk', async () => {
      const a = streams({ ttlSeconds: 60, maxBytes: 25 });
      const id = chatId();
      const source = new ChunkSource();
      const abort = new AbortController();
      const live = await a.record(id, source, { abort });
      source.send('0123456789', '0123456789', '0123456789');
      await until(() => abort.signal.aborted, 'the run is aborted');
      expect(abort.signal.reason).toBeInstanceOf(StreamSizeLimitError);
      source.end();
      const error =
        'data: {"type":"error","errorText":"the answer was stopped: its stream passed 25 bytes, the most a recorded ' +
        'stream may hold (streams.maxBytes in the options of ToolCallingModule.forRoot())"}\n\n';
      const chunks = await readAll(live);
      expect(chunks.at(-1)).toBe(error);
      expect(chunks.join('')).toBe('0123456789'.repeat(chunks.length - 1) + error);
      expect(await readAll((await a.resume(id))!)).toEqual(chunks);
    });

    it('a bad stream id is refused before anything is read or written', async () => {
      const a = streams();
      const source = new ChunkSource();
      const text = 'a stream id (the chat id) is 1 to 128 letters, digits, "_" or "-"';
      await expect(a.record('a:b', source)).rejects.toThrow(new InvalidStreamIdError(128));
      await expect(a.resume('x'.repeat(129))).rejects.toThrow(text);
      await expect(a.stop('')).rejects.toThrow(text);
      expect(source.taken).toBe(0);
    });
  });
}
