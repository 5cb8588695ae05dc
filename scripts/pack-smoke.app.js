// A plain-JavaScript Nest app (decorators applied by hand) that uses the packed library as a user would: a
// discovered @Tool method, the injectable ChatClient, and the ScriptedChatModel from the testing entry point.
require('reflect-metadata');
const { Injectable, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { ChatClient, Tool, ToolCallingModule, ToolParam } = require('nestjs-tool-calling');
const { ScriptedChatModel } = require('nestjs-tool-calling/testing');

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

const model = new ScriptedChatModel([
  { toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }] },
  'It is sunny in Paris.',
]);

class AppModule {}
Reflect.decorate(
  [Module({ imports: [ToolCallingModule.forRoot({ chatModel: model })], providers: [WeatherTools] })],
  AppModule,
);

/** Runs one conversation through the packed library; resolves to a line that says what happened. */
async function smoke() {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const response = await app.get(ChatClient).prompt('Weather in Paris?').call().chatResponse();
  const result = model.requests[1].messages[2].responses[0].result;
  if (response.text !== 'It is sunny in Paris.' || result !== 'Paris: sunny') {
    throw new Error(`unexpected conversation: ${JSON.stringify({ text: response.text, result })}`);
  }
  await app.close();
  const nest = require('@nestjs/core/package.json').version;
  return `pack smoke on NestJS ${nest}: getWeather → ${result}; answer: ${response.text}`;
}

module.exports = { smoke };

if (require.main === module) {
  smoke().then(
    (line) => console.log(line),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
