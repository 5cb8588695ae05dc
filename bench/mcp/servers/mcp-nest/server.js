'use strict';
require('reflect-metadata');
const path = require('node:path');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { Payload } = require('@nestjs/microservices');
const { McpController, McpStrategy, StreamableHttpTransport, Tool } = require('@rekog/mcp-nest');
const { zodShape } = require('../../tools');

// The zod MCP-Nest itself resolves, so that its schemas and ours are one library.
const { z } = require(require.resolve('zod', { paths: [path.dirname(require.resolve('@rekog/mcp-nest'))] }));
const TOOLS_PER_CLASS = 10;

/**
 * `@rekog/mcp-nest` as its README sets it up: `@McpController()` classes whose `@Tool()` methods take their
 * arguments with `@Payload()` (a zod object each), an `McpStrategy` with the stateless Streamable HTTP transport
 * answering with JSON, mounted on the Nest app's Express adapter.
 */
async function startMcpNestServer(tools) {
  const controllers = [];
  for (let first = 0; first < tools.length; first += TOOLS_PER_CLASS) {
    const name = `ForecastController${controllers.length}`;
    const ControllerClass = { [name]: class {} }[name];
    for (const tool of tools.slice(first, first + TOOLS_PER_CLASS)) {
      ControllerClass.prototype[tool.name] = function forecast(args) {
        return { content: [{ type: 'text', text: tool.fn(args) }] };
      };
      Reflect.decorate(
        [
          Tool({ name: tool.name, description: tool.description, parameters: z.object(zodShape(z)) }),
          (target, key) => Payload()(target, key, 0),
          Reflect.metadata('design:type', Function),
          Reflect.metadata('design:paramtypes', [Object]),
          Reflect.metadata('design:returntype', Object),
        ],
        ControllerClass.prototype,
        tool.name,
        Object.getOwnPropertyDescriptor(ControllerClass.prototype, tool.name),
      );
    }
    Reflect.decorate([McpController()], ControllerClass);
    controllers.push(ControllerClass);
  }
  const strategy = new McpStrategy({
    name: 'bench-mcp-nest',
    version: '1.0.0',
    transports: [
      new StreamableHttpTransport({ statefulMode: false, enableJsonResponse: true, responseMode: 'json' }),
    ],
    logging: false,
  });
  class AppModule {}
  Reflect.decorate([Module({ controllers })], AppModule);
  const app = await NestFactory.create(AppModule, { logger: false });
  strategy.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

module.exports = { startMcpNestServer };
