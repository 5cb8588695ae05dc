// A plain-JavaScript Nest app (decorators applied by hand) that uses the packed library.
require('reflect-metadata');
const { Injectable, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MethodToolCallbackProvider, Tool, ToolParam } = require('nestjs-tool-calling');
const { ScriptedChatModel } = (() => {
  try {
    return require('nestjs-tool-calling/testing');
  } catch {
    return {};
  }
})();

class WeatherTools {
  getWeather(city) {
    return `${city}: sunny`;
  }
}
ToolParam({ name: 'city', type: String })(WeatherTools.prototype, 'getWeather', 0);
Tool({ description: 'Weather of a city' })(
  WeatherTools.prototype,
  'getWeather',
  Object.getOwnPropertyDescriptor(WeatherTools.prototype, 'getWeather'),
);
Reflect.decorate([Injectable()], WeatherTools);

class AppModule {}
Reflect.decorate([Module({ providers: [WeatherTools] })], AppModule);

(async () => {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const [tool] = MethodToolCallbackProvider.from(app.get(WeatherTools)).getToolCallbacks();
  const answer = await tool.call('{"city":"Paris"}');
  if (answer !== 'Paris: sunny') throw new Error(`unexpected answer ${answer}`);
  const nest = require('@nestjs/core/package.json').version;
  console.log(
    `pack smoke on NestJS ${nest}: ${tool.getToolDefinition().name} → ${answer}` +
      (ScriptedChatModel ? ' (testing entry point loads)' : ''),
  );
  await app.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
