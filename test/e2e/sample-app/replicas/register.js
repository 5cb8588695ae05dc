'use strict';
// Runs the sample app from its TypeScript sources in a child process, with every `nestjs-tool-calling` entry mapped
// to lib/ as jest maps it: each replica is a real, separate Node process.
require('reflect-metadata');
require('../support/register-sources.js');
