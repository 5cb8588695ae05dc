'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

/**
 * What test/reliability/soak/register-ts.js does (the TypeScript sources run without a build; the package's names
 * resolve to `lib/`), with SWC instead of `ts.transpileModule`: the conformance suite starts the client once per
 * scenario, and loading the library through TypeScript's transpiler costs seconds of CPU each time.
 */
const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...options, filename });
  module._compile(code, filename);
};

const LIB = path.join(__dirname, '..', '..', '..', '..', '..', 'lib');
const PACKAGE_NAME = /^nestjs-tool-calling(?:\/([a-z-]+))?$/;
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const entry = PACKAGE_NAME.exec(request);
  if (!entry) return resolveFilename.call(this, request, ...rest);
  return path.join(LIB, entry[1] ?? '', 'index.ts');
};
