'use strict';
const path = require('node:path');

// BENCH_LIBRARY_DIST measures another build (say, main's) side by side with this one.
const DIST = path.resolve(process.env.BENCH_LIBRARY_DIST ?? path.join(__dirname, '../../../dist'));

/**
 * The library as users get it: the repository's built `dist/` (run `npm run build` at the root first). Anything
 * missing there makes the implementation "not available", which the runner reports as skipped, not failed.
 *
 * @param {string} [entry] a sub-path such as 'testing'
 * @param {string[]} [needs] exports the implementation needs
 */
function loadLibrary(entry = '', needs = []) {
  let library;
  try {
    library = require(path.join(DIST, entry));
  } catch (error) {
    throw new Error(
      `not available: cannot load dist/${entry} (${error.code ?? error.message}); run npm run build`,
      { cause: error },
    );
  }
  const missing = needs.filter((name) => library[name] === undefined);
  if (missing.length > 0)
    throw new Error(`not available: dist/${entry} does not export ${missing.join(', ')} yet`);
  return library;
}

module.exports = { loadLibrary };
