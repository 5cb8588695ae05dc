import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chromium, type Browser } from 'playwright-core';
import { startSupportDesk } from './support-desk.app';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const OUTPUT = join(__dirname, '..', '..', '..', 'test-output');

if (!CHROMIUM) {
  console.warn('chat page browser test skipped: no Chromium (run .ci/setup-browser, as CI does)');
}

(CHROMIUM ? describe : describe.skip)('sample app: the chat page in headless Chromium', () => {
  let app: NestExpressApplication;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, url } = await startSupportDesk());
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('asks a question and shows the tool calls and the streamed answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(url);
    await page.getByText('model: offline demo model (no network)').waitFor({ timeout: 10_000 });

    await page.fill('#question', 'What is the weather in Paris and Rome?');
    await page.click('#send');

    const calls = page.locator('#tool-calls li.ok');
    await calls.nth(1).waitFor({ timeout: 10_000 });
    expect(await calls.locator('.name').allTextContents()).toEqual(['getWeather', 'getWeather']);
    expect(await calls.first().locator('.args').textContent()).toContain('"city": "Paris"');
    expect(await calls.first().locator('.result').textContent()).toContain('"unit": "C"');

    const answer = page.locator('#messages li.assistant').last();
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await answer.textContent()).toMatch(
      /^Here is what I found for "What is the weather in Paris and Rome\?"/,
    );
    expect(await page.locator('#messages li.user').textContent()).toBe(
      'What is the weather in Paris and Rome?',
    );

    await page.selectOption('#tenant', 'globex');
    await page.getByRole('button', { name: 'Export my tickets as CSV' }).click();
    await page.locator('#tool-calls li.ok .name', { hasText: 'exportTickets' }).waitFor({ timeout: 10_000 });
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('#messages li.assistant').last().textContent()).toContain(
      'Email quota exceeded',
    );

    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: join(OUTPUT, 'chat-page.png'), fullPage: true });
    expect(failures).toEqual([]);
  }, 60_000);
});
