import type { INestApplication } from '@nestjs/common';
import { ContextIdFactory, type ContextIdStrategy } from '@nestjs/core';
import request from 'supertest';
import { ToolCallbackRegistry, ToolContext, ToolResult, type ToolCallback } from 'nestjs-tool-calling';
import {
  ScopesAppModule,
  TenantContextIdStrategy,
  TransientConsumer,
  type Identity,
} from './fixtures/scopes.app';
import { startApp } from './fixtures/start-app';

describe('ToolCallingModule: tools on scoped providers', () => {
  let app: INestApplication;
  let registry: ToolCallbackRegistry;

  beforeAll(async () => {
    app = await startApp(ScopesAppModule);
    registry = app.get(ToolCallbackRegistry);
  });

  afterAll(() => app.close());

  const tool = (name: string): ToolCallback => registry.get(name)!;

  describe('request-scoped', () => {
    it('gives two concurrent requests different instances, each bound to its own request', async () => {
      const server = app.getHttpServer();
      // meetAndTell waits until the other request's call has started: neither response comes unless both run at once.
      const [a, b] = await Promise.all([
        request(server).get('/scoped/concurrent').set('x-request-id', 'request-a').expect(200),
        request(server).get('/scoped/concurrent').set('x-request-id', 'request-b').expect(200),
      ]);
      expect(a.body.first.requestId).toBe('request-a');
      expect(b.body.first.requestId).toBe('request-b');
      expect(a.body.first.instance).not.toBe(b.body.first.instance);
      // Within one request, every call gets the same instance.
      expect(a.body.second).toEqual(a.body.first);
      expect(b.body.second).toEqual(b.body.first);
      expect(a.body.holderHasThisRequest).toBe(true);
      expect(b.body.holderHasThisRequest).toBe(true);
    });

    it('shares the instance that serves the request, in a request-scoped controller', async () => {
      const { body } = await request(app.getHttpServer()).get('/per-request').expect(200);
      expect(body.tool).toBe(body.handler);
    });

    it('gives each conversation its own instance when there is no HTTP request', async () => {
      const conversation = {};
      const inConversation = ToolContext.empty().withExecution({ conversation });
      const first = JSON.parse(
        ToolResult.textOf(await tool('whoAmI').call('{}', inConversation)),
      ) as Identity;
      const again = JSON.parse(
        ToolResult.textOf(await tool('whoAmI').call('{}', inConversation)),
      ) as Identity;
      const other = JSON.parse(
        ToolResult.textOf(
          await tool('whoAmI').call('{}', ToolContext.empty().withExecution({ conversation: {} })),
        ),
      ) as Identity;
      expect(first).toEqual({ instance: again.instance, requestId: null });
      expect(other.instance).not.toBe(first.instance);
    });

    it('resolves a fresh instance per call when the call belongs to no execution', async () => {
      const first = JSON.parse(ToolResult.textOf(await tool('whoAmI').call('{}'))) as Identity;
      const second = JSON.parse(
        ToolResult.textOf(await tool('whoAmI').call('{}', ToolContext.of({ user: 'ada' }))),
      ) as Identity;
      expect(second.instance).not.toBe(first.instance);
    });
  });

  describe('transient', () => {
    it('resolves its own instance per conversation, never the one injected elsewhere', async () => {
      const injected = app.get(TransientConsumer).tools.instance;
      const conversation = ToolContext.empty().withExecution({ conversation: {} });
      const first = Number(await tool('transientInstance').call('{}', conversation));
      const again = Number(await tool('transientInstance').call('{}', conversation));
      const other = Number(
        await tool('transientInstance').call('{}', ToolContext.empty().withExecution({ conversation: {} })),
      );
      expect(again).toBe(first);
      expect(other).not.toBe(first);
      expect([first, other]).not.toContain(injected);
    });
  });

  describe('durable', () => {
    beforeAll(() => ContextIdFactory.apply(new TenantContextIdStrategy()));

    // Back to no strategy (the default) for the rest of this file.
    afterAll(() => ContextIdFactory.apply(undefined as unknown as ContextIdStrategy));

    it("shares one instance between a tenant's requests, bound to the strategy's payload", async () => {
      const server = app.getHttpServer();
      const tenant = (id: string) => request(server).get('/scoped/tenant').set('x-tenant-id', id).expect(200);
      const acme1 = (await tenant('acme')).body;
      const acme2 = (await tenant('acme')).body;
      const globex = (await tenant('globex')).body;
      expect(acme1).toEqual({ tenantId: 'acme', instance: acme2.instance });
      expect(globex.tenantId).toBe('globex');
      expect(globex.instance).not.toBe(acme1.instance);
    });
  });

  it('lists scoped tools with the others, with their definitions known at bootstrap', () => {
    const names = registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name);
    expect(names.sort()).toEqual([
      'controllerInstance',
      'meetAndTell',
      'tenantInfo',
      'transientInstance',
      'whoAmI',
    ]);
    expect(tool('whoAmI').getToolDefinition().description).toBe('Which instance and request serve this call');
  });
});
