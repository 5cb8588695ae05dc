import type { INestApplication } from '@nestjs/common';
import { DeskTools, deskModel, startUIChatApp } from './fixtures/ui-chat.app';
import { runClient } from './support/run-client';

const SCENARIOS = [
  'text',
  'tool',
  'failingTool',
  'approve',
  'deny',
  'abort',
  'error',
  'history',
  'fedReader',
  'fedChat',
  'fedAbort',
  'badBody',
  'headers',
];

describe('probe', () => {
  let app: INestApplication;
  let url: string;
  beforeAll(async () => ({ app, url } = await startUIChatApp('express', deskModel())));
  afterAll(() => app.close());

  jest.setTimeout(90_000);
  it('runs', async () => {
    const results = await runClient('ai-sdk-client.mjs', ['ai', url, process.env.SC ?? SCENARIOS.join(',')]);
    console.log(JSON.stringify(results, null, 1));
    console.log(app.get(DeskTools).closed, app.get(DeskTools).aborted);
  });
});
