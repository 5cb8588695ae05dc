'use strict';
/**
 * Runs the sample app from its TypeScript sources in a plain Node process, as `npm start` runs the built one:
 * `.ts` files are transpiled on load (the soak script's register) and `nestjs-tool-calling` is the library's
 * sources. Plain Node, not Jest, so that the OpenTelemetry instrumentations can hook `require` as in production.
 */
const Module = require('node:module');
const path = require('node:path');
require('../../../reliability/soak/register-ts');

const LIBRARY = path.resolve(__dirname, '../../../../lib/index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'nestjs-tool-calling' ? LIBRARY : request, ...rest);
};
