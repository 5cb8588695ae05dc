import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Browser } from 'playwright-core';
import { createApp } from '../../../sample-app/src/bootstrap';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../../support/redis-server';
import { KNOWLEDGE_BASE_FROM_SOURCE } from './support-desk.app';
import { describeInBrowser, launchBrowser, OUTPUT, signInAs } from './support/chat-page';

const { buildChatPage } = require('../../../sample-app/web/build.js') as {
  buildChatPage: () => Promise<string>;
};

/**
 * The chat page against the sample with durable runs (a real redis-server): a long run shows its progress and its
 * status, and a reload in the middle of it resumes the run's stream to the end.
 */
(REDIS_SERVER ? describeInBrowser : describe.skip)('sample app: the chat page with durable runs', () => {
  const saved = { ...process.env };
  let redis: RunningRedis;
  let app: NestExpressApplication;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    await buildChatPage();
    redis = await startRedis();
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING|REDIS)_/.test(key)) delete process.env[key];
    process.env.REDIS_URL = redis.url;
    process.env.SAMPLE_SLOW_TOOL_MS = '4000';
    app = await createApp(
      {
        databasePath: ':memory:',
        mcpServers: { kb: KNOWLEDGE_BASE_FROM_SOURCE },
        durableRuns: { redisUrl: redis.url, worker: true, concurrency: 2 },
      },
      false,
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await redis?.stop();
    process.env = saved;
  });

  it('shows a long run’s progress and status, and resumes it after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(url);
      await signInAs(page, 'alice');
      await page.fill('#question', 'Summarise my tickets');
      await page.click('#send');
      const call = page.locator('.call[data-tool="summariseTickets"]').last();
      await call.locator('.progress-message', { hasText: /exported page \d+ of 10/ }).waitFor();
      await page.locator('#run-status[data-status="running"]').waitFor();
      const runText = await page.locator('#run-status code').textContent();

      await page.reload();
      await page.getByText('Summarise my tickets').waitFor();
      await call.locator('.status', { hasText: '✓ result' }).waitFor();
      expect(await call.locator('.result').textContent()).toContain('Exported 3 tickets: 2 open, 1 closed');
      await page.locator('#run-status[data-status="finished"]').waitFor();
      expect(await page.locator('#run-status code').textContent()).toBe(runText);
      // One answer: the replay replaced the partial message.
      expect(await page.locator('#messages li.assistant').count()).toBe(1);
      await page.screenshot({ path: join(OUTPUT, 'chat-page-durable-run.png') });
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: join(OUTPUT, 'chat-page-durable-failed.png') });
      throw new Error(`${(error as Error).message}\npage errors: ${errors.join('\n')}`, { cause: error });
    } finally {
      await context.close();
    }
  }, 90_000);
});
