import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// Every ```ts sample of the README and docs/, type-checked on its own, as a reader would paste it into a fresh
// `nest new` app: its imports included, `nestjs-tool-calling` resolved to the library. A sample may import from a
// relative file ('./weather.tools') only what an earlier sample of the same page exports: that sample is the file.

const root = join(__dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

interface Sample {
  readonly name: string;
  readonly code: string;
}

const samplesByPage = new Map<string, Sample[]>(
  pages.map((page) => [
    page,
    [...readFileSync(join(root, page), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => ({
      name: `${page} sample ${index + 1}`,
      code: match[1],
    })),
  ]),
);

/** Files `nest new` generates, which a sample may import without showing them (verbatim copies). */
const NEST_NEW_FILES = new Map(
  ['app.controller', 'app.service'].map((name) => [
    `./${name}`,
    readFileSync(join(root, 'docs/examples/first-app', `${name}.ts`), 'utf8'),
  ]),
);

const EXPORT =
  /^[ \t]*export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|const|let|function|interface|type|enum)\s+(\w+)/gm;
const RELATIVE_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.\/[^']+)'/g;

const exportsOf = (code: string) => new Set([...code.matchAll(EXPORT)].map((match) => match[1]));
const relativeImportsOf = (code: string) =>
  [...code.matchAll(RELATIVE_IMPORT)].map((match) => ({
    file: match[2],
    names: match[1]
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean),
  }));

/** The files of one sample's app: the sample, and each earlier sample it imports from, under its file name. */
function filesOf(
  samples: readonly Sample[],
  index: number,
): { files: Map<string, string>; problems: string[] } {
  const files = new Map<string, string>([['sample.ts', samples[index].code]]);
  const problems: string[] = [];
  const visit = (code: string, before: number) => {
    for (const { file, names } of relativeImportsOf(code)) {
      const source = samples
        .slice(0, before)
        .map((sample, position) => ({ sample, position }))
        .reverse()
        .find(({ sample }) => names.every((name) => exportsOf(sample.code).has(name)));
      const generated = NEST_NEW_FILES.get(file);
      if (!source && generated !== undefined) {
        files.set(`${file.slice(2)}.ts`, generated);
        continue;
      }
      if (!source) {
        problems.push(
          `imports ${names.join(', ')} from '${file}', which no earlier sample of the page exports`,
        );
        continue;
      }
      const path = `${file.slice(2)}.ts`;
      if (files.has(path)) continue;
      files.set(path, source.sample.code);
      visit(source.sample.code, source.position);
    }
  };
  visit(samples[index].code, index);
  return { files, problems };
}

function compilerOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { ...options, noEmit: true, declaration: false, sourceMap: false };
}

/** Type-checks every sample in one program (the library is checked once); the problems of each sample. */
function checkAll(): Map<string, string[]> {
  const virtual = new Map<string, string>();
  const owner = new Map<string, Sample>();
  const results = new Map<string, string[]>();
  for (const [page, samples] of samplesByPage) {
    samples.forEach((sample, index) => {
      const { files, problems } = filesOf(samples, index);
      results.set(sample.name, [...problems]);
      const dir = join(root, '.docs-samples', page.replace(/[/.]/g, '_'), String(index + 1));
      for (const [file, code] of files) virtual.set(join(dir, file), code);
      owner.set(join(dir, 'sample.ts'), sample);
    });
  }
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  host.directoryExists = (dir) =>
    [...virtual.keys()].some((file) => file.startsWith(`${dir}/`)) ||
    (directoryExists?.call(host, dir) ?? false);
  host.getSourceFile = (file, language, ...rest) => {
    const code = virtual.get(file);
    return code === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, code, language, true);
  };
  const program = ts.createProgram([...owner.keys()], options, host);
  for (const [file, sample] of owner) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${sample.name} was not compiled`);
    if (!ts.isExternalModule(source)) results.get(sample.name)?.push('has no import or export: not a module');
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      results.get(sample.name)?.push(`line ${line + 1}: ${text}`);
    }
  }
  return results;
}

describe('documentation samples, pasted into an app as written', () => {
  let problems: Map<string, string[]>;

  beforeAll(() => {
    problems = checkAll();
  }, 120_000);

  const all = [...samplesByPage.values()].flat();

  it('has samples to check', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all.map((sample) => [sample.name]))('%s compiles with its own imports', (name) => {
    expect(problems.get(name)).toEqual([]);
  });
});

describe('the README install line', () => {
  // What `nest new` puts in an app (its dependencies and devDependencies), and the library itself.
  const NEST_NEW = [
    '@nestjs/common',
    '@nestjs/core',
    '@nestjs/platform-express',
    '@nestjs/testing',
    'reflect-metadata',
    'rxjs',
    'supertest',
    'nestjs-tool-calling',
  ];
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');

  const withoutVersion = (entry: string) => entry.replace(/(.)@[^/]*$/, '$1');

  it('names every package a sample imports that a fresh `nest new` app does not have', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    // The first app's line, and the lines of the README's other sections (`npm install zod`).
    const install = [...readme.matchAll(/^npm install ([^#\n]*)$/gm)].flatMap((m) =>
      m[1].trim().split(/\s+/),
    );
    expect(install[0]).toBe('nestjs-tool-calling');
    const installed = new Set(install.map(withoutVersion));
    const missing = new Set<string>();
    for (const [page, samples] of samplesByPage) {
      // A page about an optional feature may name that feature's packages in an install line of its own.
      const text = readFileSync(join(root, page), 'utf8');
      const ownInstall = new Set(
        page === 'README.md'
          ? []
          : [...text.matchAll(/^npm install ([^#\n]*)/gm)].flatMap((m) =>
              m[1].trim().split(/\s+/).map(withoutVersion),
            ),
      );
      for (const sample of samples) {
        for (const match of sample.code.matchAll(/from\s+'([^'.][^']*)'/g)) {
          const name = packageOf(match[1]);
          if (name.startsWith('node:') || NEST_NEW.includes(name)) continue;
          if (!installed.has(name) && !ownInstall.has(name)) missing.add(`${page}: ${name}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
