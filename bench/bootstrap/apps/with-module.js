'use strict';
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { loadLibrary } = require('../../impl/support/library');

const { ToolCallingModule } = loadLibrary('', ['ToolCallingModule']);

/**
 * The same providers in an app that imports ToolCallingModule.forRoot(): discovery of every @Tool method, one
 * callback each (schema and validator built), the registry, and the injectable ChatClient with its defaults.
 */
module.exports = {
  label: 'with ToolCallingModule.forRoot()',
  async createContext(providers) {
    class AppModule {}
    Reflect.decorate([Module({ imports: [ToolCallingModule.forRoot()], providers })], AppModule);
    return NestFactory.createApplicationContext(AppModule, { logger: false });
  },
};
