'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const FOLDER = path.join(__dirname, '..', '..', 'nest12');
const MODULES = path.join(FOLDER, 'node_modules');
// What must be one instance for the app, the library's dist/ and the row's own decorators: Nest itself, and the
// packages its metadata and observables go through.
const REDIRECTED = /^(@nestjs\/[^/]+|rxjs|reflect-metadata)(\/.*)?$/;
const REDIRECTED_FILE = /[\\/]node_modules[\\/](@nestjs|rxjs|reflect-metadata)[\\/]/;

let installed;

/**
 * Makes every `require('@nestjs/…')`, `require('rxjs')` and `require('reflect-metadata')` in this process, the
 * library's dist/ included (which would otherwise resolve the repository's Nest 11), resolve from bench/nest12/
 * instead. Call it before anything loads Nest. Nest 12 is ES modules: `require()` loads it as such (Node ≥ 20.19),
 * and its own imports resolve from bench/nest12/node_modules by their location, so there is one Nest in the process.
 *
 * @returns {{ core: string, common: string }} the versions installed there
 */
function useNest12() {
  if (installed) return installed;
  const versions = { core: versionOf('@nestjs/core'), common: versionOf('@nestjs/common') };
  if (!versions.core || !versions.common)
    throw new Error(
      'not available: NestJS 12 is not installed in bench/nest12 (npm --prefix bench/nest12 ci)',
    );
  if (!versions.core.startsWith('12.') || !versions.common.startsWith('12.'))
    throw new Error(
      `bench/nest12 holds @nestjs/core ${versions.core}, @nestjs/common ${versions.common}, not 12`,
    );
  const loaded = strays();
  if (loaded.length > 0) throw new Error(`Nest was loaded before useNest12(): ${loaded[0]}`);

  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveFromNest12(request, parent, isMain, options) {
    if (REDIRECTED.test(request)) return resolve.call(this, request, parent, isMain, { paths: [FOLDER] });
    return resolve.call(this, request, parent, isMain, options);
  };
  installed = versions;
  return versions;
}

/**
 * Throws unless the process runs Nest 12 only: no module of Nest, rxjs or reflect-metadata loaded from elsewhere
 * (the repository's Nest 11), and the app created by bench/nest12's factory. Returns the check's line for the report.
 */
function assertNest12(app) {
  const versions = useNest12();
  const outside = strays();
  if (outside.length > 0) throw new Error(`a Nest 12 row loaded ${outside[0]}, outside bench/nest12`);
  const { NestApplicationContext } = require('@nestjs/core');
  if (!(app instanceof NestApplicationContext))
    throw new Error('the app was not created by bench/nest12’s @nestjs/core');
  return `ran @nestjs/core ${versions.core} and @nestjs/common ${versions.common} from bench/nest12 (no other Nest loaded)`;
}

/** Modules of Nest, rxjs or reflect-metadata loaded from anywhere but bench/nest12 (ES modules required are listed too). */
function strays() {
  return Object.keys(require.cache).filter(
    (file) => REDIRECTED_FILE.test(file) && !file.startsWith(MODULES + path.sep),
  );
}

function versionOf(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(MODULES, name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

module.exports = { useNest12, assertNest12, versionOf, NEST12_FOLDER: FOLDER };
