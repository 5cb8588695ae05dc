'use strict';
require('reflect-metadata');
const { Body, Controller, Injectable, Module, Post, Req, UseGuards } = require('@nestjs/common');
const { JwtModule } = require('@nestjs/jwt');
const { loadLibrary } = require('../impl/support/library');
const { JWT_SECRET, MAX_MESSAGES, createJwtGuard, hasRole, scriptedTurn, weatherOf } = require('./shared');

/**
 * The app shaped like the sample, on the library: a JWT guard on POST /chat, the injectable ChatClient with chat
 * memory in Redis (the module's `redis` option), a `@Tool` method behind a role guard that reads the HTTP request's
 * user, and a scripted model that answers at once with one tool call, then text.
 */
function createLibraryAppModule(redisUrl) {
  const library = loadLibrary('', [
    'ChatClient',
    'ToolCallingModule',
    'Tool',
    'ToolParam',
    'ToolContext',
    'ToolExecutionContext',
    'assistantMessage',
  ]);
  const {
    ChatClient,
    ToolCallingModule,
    Tool,
    ToolParam,
    ToolContext,
    ToolExecutionContext,
    assistantMessage,
  } = library;
  const JwtAuthGuard = createJwtGuard();

  class RolesGuard {
    canActivate(context) {
      const request =
        context.getType() === 'tool'
          ? ToolExecutionContext.create(context).getRequest()
          : context.switchToHttp().getRequest();
      return hasRole(request?.user, 'support');
    }
  }
  Reflect.decorate([Injectable()], RolesGuard);

  class WeatherTools {
    getWeather(city, context) {
      return weatherOf(city, context.require('tenantId'));
    }
  }
  Reflect.decorate(
    [
      Tool({ description: 'Current weather in a city: conditions and temperature' }),
      UseGuards(RolesGuard),
      (target, key) => ToolParam({ name: 'city', description: 'City name' })(target, key, 0),
      Reflect.metadata('design:type', Function),
      Reflect.metadata('design:paramtypes', [String, ToolContext]),
      Reflect.metadata('design:returntype', Object),
    ],
    WeatherTools.prototype,
    'getWeather',
    Object.getOwnPropertyDescriptor(WeatherTools.prototype, 'getWeather'),
  );
  Reflect.decorate([Injectable()], WeatherTools);

  let ids = 0;
  const nextId = () => `call_${++ids}`;
  const respond = (prompt) => {
    const turn = scriptedTurn(prompt.messages, nextId);
    return turn.toolCall
      ? { message: assistantMessage('', [turn.toolCall]), finishReason: 'tool_calls' }
      : { message: assistantMessage(turn.text), finishReason: 'stop' };
  };
  const chatModel = {
    call: async (prompt) => respond(prompt),
    // Never used here (the route calls call()); the module takes a ChatModel that can do both.
    stream() {
      throw new Error('the HTTP benchmark does not stream');
    },
  };

  class ChatController {
    constructor(chat) {
      this.chat = chat;
    }
    async ask(body, request) {
      const text = await this.chat
        .prompt()
        .user(body.question)
        .conversationId(body.conversationId)
        .toolContext({ tenantId: request.user.tenant, user: request.user.username })
        .call()
        .content();
      return { text };
    }
  }
  Reflect.decorate(
    [
      Post(),
      (target, key) => Body()(target, key, 0),
      (target, key) => Req()(target, key, 1),
      Reflect.metadata('design:paramtypes', [Object, Object]),
    ],
    ChatController.prototype,
    'ask',
    Object.getOwnPropertyDescriptor(ChatController.prototype, 'ask'),
  );
  Reflect.decorate(
    [Controller('chat'), UseGuards(JwtAuthGuard), Reflect.metadata('design:paramtypes', [ChatClient])],
    ChatController,
  );

  class AppModule {}
  Reflect.decorate(
    [
      Module({
        imports: [
          JwtModule.register({ secret: JWT_SECRET }),
          ToolCallingModule.forRoot({
            chatModel,
            redis: { url: redisUrl },
            memory: { maxMessages: MAX_MESSAGES },
          }),
        ],
        controllers: [ChatController],
        providers: [WeatherTools, RolesGuard, JwtAuthGuard],
      }),
    ],
    AppModule,
  );
  return AppModule;
}

module.exports = { createLibraryAppModule };
