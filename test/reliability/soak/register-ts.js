'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

/**
 * Lets Node require the TypeScript sources (the soak script, the library) without a build: each .ts file is
 * transpiled on load with the project's decorator settings, and the package's own names (`nestjs-tool-calling`,
 * `nestjs-tool-calling/mcp`…) resolve to `lib/` as tsconfig's paths say, not to a `dist/` that may not be built.
 * Type checking is `npm run typecheck`'s job.
 */
const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  isolatedModules: true,
  sourceMap: false,
  inlineSourceMap: true,
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};

const LIB = path.join(__dirname, '..', '..', '..', 'lib');
const PACKAGE_NAME = /^nestjs-tool-calling(?:\/([a-z]+))?$/;
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const entry = PACKAGE_NAME.exec(request);
  if (!entry) return resolveFilename.call(this, request, ...rest);
  return path.join(LIB, entry[1] ?? '', 'index.ts');
};
