import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { RequestContextHolder } from 'nestjs-tool-calling';
import { RequestContextAppModule } from './fixtures/request-context.app';
import { PLATFORMS, startApp } from './fixtures/start-app';

describe.each(PLATFORMS)(
  'RequestContextHolder, filled by the module for every HTTP request (%s)',
  (platform) => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await startApp(RequestContextAppModule, false, platform);
    });

    afterAll(() => app.close());

    it('holds the request in guards and handlers, across awaits, for concurrent requests apart', async () => {
      const server = app.getHttpServer();
      const [a, b] = await Promise.all([
        request(server).get('/context/id').set('x-request-id', 'a').expect(200),
        request(server).get('/context/id').set('x-request-id', 'b').expect(200),
      ]);
      expect(a.body).toEqual({ sameObject: true, requestId: 'a' });
      expect(b.body).toEqual({ sameObject: true, requestId: 'b' });
    });

    it('holds nothing outside an HTTP request', () => {
      expect(app.get(RequestContextHolder).currentRequest()).toBeUndefined();
    });
  },
);
