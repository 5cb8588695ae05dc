'use strict';
require('reflect-metadata');
const { Injectable, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { loadLibrary } = require('../../impl/support/library');

const TOOLS_PER_CLASS = 10;
const DESIGN_TYPES = { string: String, integer: Number };

/**
 * This library's MCP server as a Nest app serves its tools: injectable classes with `@Tool` methods (ten to a
 * class, decorated in plain JS as tsc would compile them), `ToolCallingModule.forRoot()` and
 * `McpServerModule.forRoot()` with its defaults (stateless, JSON responses), on Express.
 */
async function startLibraryServer(tools) {
  const { Tool, ToolParam, ToolCallingModule } = loadLibrary('', ['Tool', 'ToolParam', 'ToolCallingModule']);
  const { McpServerModule } = loadLibrary('mcp', ['McpServerModule']);
  const providers = [];
  for (let first = 0; first < tools.length; first += TOOLS_PER_CLASS) {
    const name = `ForecastTools${providers.length}`;
    const ToolClass = { [name]: class {} }[name];
    for (const tool of tools.slice(first, first + TOOLS_PER_CLASS)) {
      ToolClass.prototype[tool.name] = function forecast(city, days) {
        return tool.fn({ city, days });
      };
      Reflect.decorate(
        [
          Tool({ description: tool.description }),
          ...tool.params.map(
            (param, index) => (target, key) =>
              ToolParam({
                name: param.name,
                description: param.description,
                required: !param.optional,
                schema: tool.jsonSchema.properties[param.name],
              })(target, key, index),
          ),
          Reflect.metadata('design:type', Function),
          Reflect.metadata(
            'design:paramtypes',
            tool.params.map((param) => DESIGN_TYPES[param.type]),
          ),
          Reflect.metadata('design:returntype', String),
        ],
        ToolClass.prototype,
        tool.name,
        Object.getOwnPropertyDescriptor(ToolClass.prototype, tool.name),
      );
    }
    Reflect.decorate([Injectable()], ToolClass);
    providers.push(ToolClass);
  }
  class AppModule {}
  Reflect.decorate(
    [Module({ imports: [ToolCallingModule.forRoot({}), McpServerModule.forRoot()], providers })],
    AppModule,
  );
  const app = await NestFactory.create(AppModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

module.exports = { startLibraryServer };
