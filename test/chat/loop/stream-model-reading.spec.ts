import {
  ChatClient,
  type ChatModel,
  type ChatResponseChunk,
  type ChatStreamEvent,
} from 'nestjs-tool-calling';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** A model whose stream() is the iterable `make` returns; call() is never used. */
function streamingModel(make: () => unknown): ChatModel {
  return {
    call: () => Promise.reject(new Error('not called')),
    stream: () => make() as AsyncIterable<ChatResponseChunk>,
  };
}

/** An async iterator over `steps` (each a result or a function throwing), counting its return() calls. */
function scriptedIterator(steps: Array<unknown>) {
  const seen = { returns: 0 };
  let next = 0;
  const iterator = {
    [Symbol.asyncIterator]: () => iterator,
    next: () => {
      const step = steps[next++];
      return typeof step === 'function' ? Promise.reject((step as () => Error)()) : Promise.resolve(step);
    },
    return: () => {
      seen.returns++;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { iterator, seen };
}

const types = (events: ChatStreamEvent[]) => events.map((event) => event.type);

/** The events of a stream() whose model streams `iterator`, and the error that ended it. */
async function streamOver(iterator: unknown) {
  const events: ChatStreamEvent[] = [];
  let failure: unknown;
  try {
    for await (const event of ChatClient.create(streamingModel(() => iterator))
      .prompt('go')
      .stream()
      .events())
      events.push(event);
  } catch (error) {
    failure = error;
  }
  return { events, failure };
}

describe("stream() reads the model's stream as for await reads it", () => {
  it('closes the model stream when the consumer leaves in the middle of it', async () => {
    let closed = false;
    const model = streamingModel(async function* () {
      try {
        yield { type: 'text-delta', text: 'one' };
        yield { type: 'text-delta', text: 'two' };
        yield { type: 'finish', finishReason: 'stop' };
      } finally {
        closed = true;
      }
    });
    const seen: string[] = [];
    for await (const event of ChatClient.create(model).prompt('go').stream().events()) {
      if (event.type === 'text-delta') seen.push(event.text);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['one']);
    expect(closed).toBe(true);
  });

  it('closes the model stream when a chunk cannot be read, and fails with the reading error', async () => {
    const { iterator, seen } = scriptedIterator([{ done: false, value: null }]);
    const { events, failure } = await streamOver(iterator);
    expect(failure).toBeInstanceOf(TypeError);
    expect(events).toEqual([]);
    expect(seen.returns).toBe(1);
  });

  it('keeps the reading error when closing the stream fails too', async () => {
    const { iterator } = scriptedIterator([{ done: false, value: null }]);
    iterator.return = () => Promise.reject(new Error('cannot close'));
    const stream = ChatClient.create(streamingModel(() => iterator))
      .prompt('go')
      .stream();
    await expect(collect(stream.events())).rejects.toThrow(TypeError);
  });

  it('does not close a model stream whose next() failed: it is over already', async () => {
    const { iterator, seen } = scriptedIterator([
      { done: false, value: { type: 'text-delta', text: 'partial' } },
      () => new Error('connection reset'),
    ]);
    const { events, failure } = await streamOver(iterator);
    expect(failure).toMatchObject({ message: 'connection reset' });
    expect(types(events)).toEqual(['text-delta']);
    expect(seen.returns).toBe(0);
  });

  it('fails with a TypeError on an iterator result that is not an object', async () => {
    const { iterator } = scriptedIterator([undefined]);
    const stream = ChatClient.create(streamingModel(() => iterator))
      .prompt('go')
      .stream();
    await expect(collect(stream.events())).rejects.toThrow(TypeError);
  });

  it('reads a model stream that is a plain array of chunks', async () => {
    const model = streamingModel(() => [
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    const pieces = await collect(ChatClient.create(model).prompt('go').stream().content());
    expect(pieces).toEqual(['Hello', ' there']);
  });
});
