'use strict';
// Runs the sample app from its TypeScript sources in a child process, with `nestjs-tool-calling` mapped to lib/
// as jest maps it: each replica is a real, separate Node process.
require('reflect-metadata');
require('../../../reliability/soak/register-ts.js');
const Module = require('node:module');
const { join } = require('node:path');

const LIBRARY = join(__dirname, '..', '..', '..', '..', 'lib', 'index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'nestjs-tool-calling' ? LIBRARY : request, ...rest);
};
