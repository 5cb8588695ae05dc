'use strict';
// @google/genai gives fetch a dispatcher that delegates to the one Node's fetch keeps on the real global object.
// Jest's test sandbox has a global object of its own, where the SDK finds none ("Undici globalDispatcher is not
// available"); in a plain Node process it is there. The sandbox gets the host's.
const key = Symbol.for('undici.globalDispatcher.1');
if (globalThis[key] === undefined && typeof fetch === 'function') {
  const host = fetch.constructor('return globalThis')();
  if (host[key] === undefined) new host.Headers();
  if (host[key] !== undefined) globalThis[key] = host[key];
}
