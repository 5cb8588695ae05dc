import { InMemoryResumableStreamStore, type ResumableStreamStore } from 'nestjs-tool-calling';
import { streamStoreContract } from './stream-store.contract';

describe('InMemoryResumableStreamStore', () => {
  // One process: the contract's two "replicas" share one store (as one replica's requests do), which the contract's
  // close() of each must leave open.
  const shared = new InMemoryResumableStreamStore();
  streamStoreContract(() =>
    Object.assign(Object.create(shared) as ResumableStreamStore, { close: () => Promise.resolve() }),
  );
  afterAll(() => shared.close());
});
