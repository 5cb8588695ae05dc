'use strict';
const fs = require('node:fs');
const ts = require('typescript');

/**
 * Lets Node require the TypeScript sources (the soak script, the library) without a build: each .ts file is
 * transpiled on load with the project's decorator settings. Type checking is `npm run typecheck`'s job.
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
