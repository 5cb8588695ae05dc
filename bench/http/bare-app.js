'use strict';
require('reflect-metadata');
const { Body, Controller, ForbiddenException, Module, Post, Req, UseGuards } = require('@nestjs/common');
const { JwtModule } = require('@nestjs/jwt');
const Ajv = require('ajv');
const Redis = require('ioredis');
const {
  JWT_SECRET,
  MAX_MESSAGES,
  TTL_MS,
  WEATHER_SCHEMA,
  createJwtGuard,
  hasRole,
  scriptedTurn,
  weatherOf,
} = require('./shared');

/**
 * The same work by hand in a bare Nest endpoint: the same JWT guard, the conversation read from Redis, the scripted
 * model asked, the arguments parsed and validated (ajv, compiled once), the role checked, the method called, the
 * model asked again, the exchange appended to the conversation in one MULTI (push, trim to the window, expiry).
 */
function createBareAppModule(redisUrl) {
  const JwtAuthGuard = createJwtGuard();
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
  const validate = new Ajv().compile(WEATHER_SCHEMA);
  let ids = 0;
  const nextId = () => `call_${++ids}`;

  class ChatController {
    async ask(body, request) {
      const key = `bare:memory:${body.conversationId}`;
      const history = (await redis.lrange(key, 0, -1)).map((entry) => JSON.parse(entry));
      const user = { role: 'user', content: body.question };
      const messages = [...history, user];
      const first = scriptedTurn(messages, nextId);
      const assistant = { role: 'assistant', content: '', toolCalls: [first.toolCall] };
      const args = JSON.parse(first.toolCall.arguments);
      if (!validate(args)) throw new Error(`invalid arguments: ${validate.errors[0].message}`);
      if (!hasRole(request.user, 'support')) throw new ForbiddenException();
      const result = weatherOf(args.city, request.user.tenant);
      const { id, name } = first.toolCall;
      const tool = {
        role: 'tool',
        responses: [{ id, name, result: JSON.stringify(result), isError: false }],
      };
      messages.push(assistant, tool);
      const answer = { role: 'assistant', content: scriptedTurn(messages, nextId).text };
      const exchange = [user, assistant, tool, answer].map((message) => JSON.stringify(message));
      const replies = await redis
        .multi()
        .rpush(key, ...exchange)
        .ltrim(key, -MAX_MESSAGES, -1)
        .pexpire(key, TTL_MS)
        .exec();
      for (const [error] of replies) if (error) throw error;
      return { text: answer.content };
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
  Reflect.decorate([Controller('chat'), UseGuards(JwtAuthGuard)], ChatController);

  class AppModule {
    async onApplicationShutdown() {
      await redis.quit();
    }
  }
  Reflect.decorate(
    [
      Module({
        imports: [JwtModule.register({ secret: JWT_SECRET })],
        controllers: [ChatController],
        providers: [JwtAuthGuard],
      }),
    ],
    AppModule,
  );
  return AppModule;
}

module.exports = { createBareAppModule };
