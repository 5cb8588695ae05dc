import fc from 'fast-check';
import { InMemoryChatMemoryRepository, userMessage } from 'nestjs-tool-calling';

/** The conversations a repository holds, among `ids`. */
async function held(repository: InMemoryChatMemoryRepository, ids: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const id of ids) if ((await repository.findByConversationId(id)).length > 0) kept.push(id);
  return kept;
}

describe('InMemoryChatMemoryRepository at its bound', () => {
  it('drops the least recently written conversation, again and again', async () => {
    const repository = new InMemoryChatMemoryRepository(3);
    const write = (id: string) => repository.saveAll(id, [userMessage(id)]);
    for (const id of ['a', 'b', 'c', 'a', 'd']) await write(id);
    expect(await held(repository, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    await write('e');
    expect(await held(repository, ['a', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
    await write('f');
    expect(await held(repository, ['a', 'd', 'e', 'f'])).toEqual(['d', 'e', 'f']);
    await repository.deleteByConversationId('e');
    await write('g');
    await write('h');
    expect(await held(repository, ['d', 'e', 'f', 'g', 'h'])).toEqual(['f', 'g', 'h']);
  });

  it('keeps exactly the most recently written ones, whatever the writes and deletes', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const step = fc.record({ id: fc.constantFrom(...ids), remove: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 60 }),
        async (max, steps) => {
          const repository = new InMemoryChatMemoryRepository(max);
          let model: string[] = []; // least recently written first
          for (const { id, remove } of steps) {
            model = model.filter((kept) => kept !== id);
            if (remove) await repository.deleteByConversationId(id);
            else {
              await repository.saveAll(id, [userMessage(id)]);
              model.push(id);
              if (model.length > max) model.shift();
            }
          }
          expect(await held(repository, ids)).toEqual(ids.filter((id) => model.includes(id)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
