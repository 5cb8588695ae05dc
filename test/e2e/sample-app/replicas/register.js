'use strict';
// Runs the sample app from its TypeScript sources in a child process, with `nestjs-tool-calling` mapped to lib/
// as jest maps it: each replica is a real, separate Node process.
require('reflect-metadata');
require('../../../reliability/soak/register-ts.js');
const Module = require('node:module');
const { join } = require('node:path');

const LIBRARY = join(__dirname, '..', '..', '..', '..', 'lib');
const ENTRY = /^nestjs-tool-calling(?:\/([a-z]+))?$/;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const entry = ENTRY.exec(request);
  return resolve.call(this, entry ? join(LIBRARY, entry[1] ?? '', 'index.ts') : request, ...rest);
};
