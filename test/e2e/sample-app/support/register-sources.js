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
// The root entry and each subpath entry (nestjs-tool-calling/testing, /opentelemetry…), as package.json exports them.
function entryPoint(request) {
  if (request === 'nestjs-tool-calling') return path.join(LIB, 'index.ts');
  const sub = /^nestjs-tool-calling\/([a-z]+)$/.exec(request);
  return sub ? path.join(LIB, sub[1], 'index.ts') : request;
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, entryPoint(request), ...rest);
};
