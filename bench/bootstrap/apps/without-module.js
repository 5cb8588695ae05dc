'use strict';
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

/** The baseline: the same providers, with their @Tool metadata, in an app that does not import the module. */
module.exports = {
  label: 'without the module',
  async createContext(providers) {
    class AppModule {}
    Reflect.decorate([Module({ providers })], AppModule);
    return NestFactory.createApplicationContext(AppModule, { logger: false });
  },
};
