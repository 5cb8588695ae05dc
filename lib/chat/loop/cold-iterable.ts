/**
 * An iterable whose every iteration starts anew (a streamed call is cold: iterating it again runs it again). A
 * class: V8 builds an object literal with a symbol key about 30 times slower.
 */
export class ColdIterable<T> implements AsyncIterable<T> {
  constructor(private readonly start: () => AsyncIterator<T>) {}

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.start();
  }
}
