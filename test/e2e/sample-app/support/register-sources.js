'use strict';
/**
 * Runs the sample app from its TypeScript sources in a plain Node process, as `npm start` runs the built one:
 * `.ts` files are transpiled on load (the soak script's register) and `nestjs-tool-calling` is the library's
 * sources. Plain Node, not Jest, so that the OpenTelemetry instrumentations can hook `require` as in production.
 */
const Module = require('node:module');
const path = require('node:path');
require('../../../reliability/soak/register-ts');

const LIB = path.resolve(__dirname, '../../../../lib');
const ENTRY_POINTS = {
  'nestjs-tool-calling': path.join(LIB, 'index.ts'),
  'nestjs-tool-calling/testing': path.join(LIB, 'testing', 'index.ts'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, ENTRY_POINTS[request] ?? request, ...rest);
};
