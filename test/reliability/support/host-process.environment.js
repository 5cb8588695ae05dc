'use strict';
const { TestEnvironment } = require('jest-environment-node');

/**
 * Jest's test sandbox gets a copy of `process` whose listeners never fire: unhandled rejections and uncaught
 * exceptions are only emitted on the real one. Suites that count them select this environment with a
 * `@jest-environment` docblock and reach the real process as `globalThis.__hostProcess`.
 */
module.exports = class HostProcessEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__hostProcess = process;
  }
};
