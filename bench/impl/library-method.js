'use strict';
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');
const { createToolClasses } = require('./support/tool-classes');

/**
 * The library as a Nest app uses it: injectable classes with @Tool methods, ToolCallingModule.forRoot() with the
 * scripted model, and the injectable ChatClient, which offers every discovered tool on every call (C: all 200).
 * A conversation is `chat.prompt(user).call().content()`.
 */
module.exports = {
  label: 'library: @Tool methods in Nest',
  validatesArguments: true,
  setup: (workload) => setupMethodTools(workload, []),
  setupMethodTools,
};

/** The app with `methodDecorators` on every tool method (the enhancer rows: library-method-guard*.js). */
async function setupMethodTools(workload, methodDecorators) {
  const { ChatClient, ToolCallingModule } = loadLibrary('', ['ChatClient', 'ToolCallingModule']);
  class BenchModule {}
  Reflect.decorate(
    [
      Module({
        imports: [
          ToolCallingModule.forRoot({
            chatModel: createBenchChatModel(workload),
            limits: toolCallingLimits(workload),
          }),
        ],
        providers: createToolClasses(workload, methodDecorators),
      }),
    ],
    BenchModule,
  );
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
  const chat = app.get(ChatClient);
  const { userMessage } = workload;
  return {
    runConversation: () => chat.prompt(userMessage).call().content(),
    teardown: () => app.close(),
    // For the rows built on this app (library-stream.js, the Nest 12 rows' check).
    app,
    chat,
    userMessage,
  };
}
