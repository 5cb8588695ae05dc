import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MethodToolCallbackProvider } from 'nestjs-tool-calling';
import { AppModule } from './app.module';
import { WeatherTools } from './weather.tools';

async function demo(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  const provider = MethodToolCallbackProvider.from(app.get(WeatherTools));
  for (const tool of provider.getToolCallbacks()) {
    const definition = tool.getToolDefinition();
    console.log(`tool ${definition.name}: ${definition.description}`);
    console.log(`  schema: ${JSON.stringify(definition.inputSchema)}`);
    console.log(`  call {"city":"Paris"} → ${await tool.call('{"city":"Paris"}')}`);
  }
  await app.close();
}

demo().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
