'use strict';
// Runs the sample app from its TypeScript sources in a child process, with `nestjs-tool-calling` mapped to lib/
// as jest maps it: each replica is a real, separate Node process.
require('reflect-metadata');
require('../../../reliability/soak/register-ts.js');
const Module = require('node:module');
const { join } = require('node:path');

const LIB = join(__dirname, '..', '..', '..', '..', 'lib');
// The root entry and each subpath entry (/mcp, /redis…) from the sources, so that they share one copy of the library.
function entryPoint(request) {
  if (request === 'nestjs-tool-calling') return join(LIB, 'index.ts');
  const sub = /^nestjs-tool-calling\/([a-z]+)$/.exec(request);
  return sub ? join(LIB, sub[1], 'index.ts') : request;
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, entryPoint(request), ...rest);
};
