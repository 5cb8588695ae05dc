'use strict';
/**
 * Runs the sample app from its TypeScript sources in a plain Node process, as `npm start` runs the built one:
 * `.ts` files are transpiled on load (the soak script's register) and `nestjs-tool-calling` is the library's
 * sources (every entry point). Plain Node, not Jest, so that the OpenTelemetry instrumentations can hook `require` as in production.
 */
const Module = require('node:module');
const path = require('node:path');
require('../../../reliability/soak/register-ts');

const LIB = path.resolve(__dirname, '../../../../lib');
const ENTRY_POINT = /^nestjs-tool-calling(?:\/([a-z-]+))?$/;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const entry = ENTRY_POINT.exec(request);
  return resolve.call(this, entry ? path.join(LIB, entry[1] ?? '', 'index.ts') : request, ...rest);
};
