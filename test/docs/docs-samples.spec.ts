import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const docs = join(__dirname, '../../docs');
const examples = readdirSync(join(docs, 'examples'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(docs, 'examples', file), 'utf8'));

// A sample's imports are checked by docs-samples-compile.spec.ts; the code after them must be in an example file.
const withoutImports = (code: string) =>
  code.replace(/^[ \t]*import\s[^;]*?(?:from\s+)?'[^']+';[ \t]*$/gm, '');

const normalise = (code: string) =>
  code
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

const pages = [
  ...readdirSync(docs)
    .filter((file) => file.endsWith('.md'))
    .map((file) => join(docs, file)),
  join(docs, '..', 'README.md'),
];

const samples = pages.flatMap((page) =>
  [...readFileSync(page, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => ({
    name: `${page.slice(join(docs, '..').length + 1)} sample ${index + 1}`,
    code: match[1],
  })),
);

describe('documentation samples', () => {
  it('has samples to check', () => {
    expect(samples.length).toBeGreaterThan(0);
  });

  it.each(samples.map((sample) => [sample.name, sample.code]))(
    '%s is part of a compiled example file',
    (_name, code) => {
      const needle = normalise(withoutImports(code));
      expect(examples.some((example) => normalise(example).includes(needle))).toBe(true);
    },
  );
});
