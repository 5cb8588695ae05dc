'use strict';
require('reflect-metadata');
const { Injectable, UnauthorizedException } = require('@nestjs/common');
const { JwtService } = require('@nestjs/jwt');

/** What both apps share, so that they differ only in who runs the tool loop: the library or the endpoint by hand. */

const JWT_SECRET = 'bench-http-secret-0123456789abcdef';
const USER = { sub: 'ada', tenant: 'acme', roles: ['support'] };
const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'windy', 'snow showers'];
/** Messages kept per conversation: the library's default window (Spring AI's). */
const MAX_MESSAGES = 20;
const TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The tool's body, as the sample's WeatherTools: deterministic per city, with the caller's tenant. */
function weatherOf(city, tenant) {
  let seed = 0;
  for (const ch of city.toLowerCase()) seed += ch.charCodeAt(0);
  return {
    city,
    tenant,
    conditions: CONDITIONS[seed % CONDITIONS.length],
    temperature: 5 + (seed % 25),
    unit: 'C',
  };
}

/** The JSON Schema of the tool's input, as the library derives it from `@ToolParam`. */
const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
  additionalProperties: false,
};

/**
 * The scripted model's decision, stateless as a provider is: the last message a user message → one tool call for
 * the city named after "in "; a tool result → the text that reports it (so a response proves the tool ran).
 * Messages have the library's shapes (a tool message: `{ role: 'tool', responses: [{ id, name, result, isError }] }`).
 */
function scriptedTurn(messages, nextId) {
  const last = messages[messages.length - 1];
  if (last.role === 'tool') return { text: `Here is the weather: ${last.responses[0].result}` };
  const text = typeof last.content === 'string' ? last.content : '';
  const city = text.slice(text.lastIndexOf(' in ') + 4).replace(/\?$/, '') || 'Paris';
  return { toolCall: { id: nextId(), name: 'getWeather', arguments: JSON.stringify({ city }) } };
}

/** The sample's AuthGuard: `Authorization: Bearer <JWT>`, verified, the user put on the request. */
function createJwtGuard() {
  class JwtAuthGuard {
    constructor(jwt) {
      this.jwt = jwt;
    }
    async canActivate(context) {
      const request = context.switchToHttp().getRequest();
      const header = request.headers.authorization;
      const [type, token] = header?.split(' ') ?? [];
      if (type !== 'Bearer' || !token) throw new UnauthorizedException('sign in first');
      try {
        const payload = await this.jwt.verifyAsync(token);
        request.user = { username: payload.sub, tenant: payload.tenant, roles: payload.roles };
      } catch {
        throw new UnauthorizedException('invalid or expired token');
      }
      return true;
    }
  }
  Reflect.decorate([Injectable(), Reflect.metadata('design:paramtypes', [JwtService])], JwtAuthGuard);
  return JwtAuthGuard;
}

/** The role check of the guarded tool (the sample's RolesGuard with `@Roles('support')`). */
function hasRole(user, role) {
  return user !== undefined && user.roles.includes(role);
}

module.exports = {
  JWT_SECRET,
  USER,
  MAX_MESSAGES,
  TTL_MS,
  WEATHER_SCHEMA,
  weatherOf,
  scriptedTurn,
  createJwtGuard,
  hasRole,
};
