// Module resolution hook (see register.mjs): `fs` seen from the conformance package is fs.mjs, `fs` plus `globSync`.
const FS = new URL('./fs.mjs', import.meta.url).href;
const CONFORMANCE = '/@modelcontextprotocol/conformance/';

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes(CONFORMANCE))
    return { url: FS, shortCircuit: true };
  return nextResolve(specifier, context);
}
