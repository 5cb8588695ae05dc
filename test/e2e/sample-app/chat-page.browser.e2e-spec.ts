import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Browser, Page } from 'playwright-core';
import { GatedModelServer, ANSWER_WORDS, WORDS_BEFORE_GATE } from './replicas/gated-model.server';
import { startSupportDesk } from './support-desk.app';
import { clipped, describeInBrowser, launchBrowser, OUTPUT, signInAs } from './support/chat-page';

declare const window: { innerWidth: number };
declare const document: { documentElement: { scrollWidth: number } };

const { buildChatPage } = require('../../../sample-app/web/build.js') as {
  buildChatPage: () => Promise<string>;
};

const ANSWER = ANSWER_WORDS.join(' ');
const SIZES = [
  { name: 'desktop', width: 1280, height: 800, ticket: 1 },
  { name: 'phone', width: 390, height: 844, ticket: 2 },
];

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`never: ${what}`);
}

/**
 * The chat page (sample-app/web: React and the AI SDK's useChat, bundled by esbuild) in headless Chromium, against
 * the sample app with an OpenAI-compatible model on loopback whose answers the test holds mid-way.
 */
describeInBrowser('sample app: the chat page on useChat, in headless Chromium', () => {
  const saved = { ...process.env };
  let model: GatedModelServer;
  let app: NestExpressApplication;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    await buildChatPage();
    model = await GatedModelServer.start();
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING|REDIS)_/.test(key)) delete process.env[key];
    process.env.OPENAI_BASE_URL = model.url();
    process.env.OPENAI_MODEL = 'gated-model';
    ({ app, url } = await startSupportDesk());
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    await browser?.close();
    await app?.close();
    await model?.close();
  });

  const ask = async (page: Page, question: string) => {
    await page.fill('#question', question);
    await page.click('#send');
  };
  const lastAnswer = (page: Page) => page.locator('#messages li.assistant').last();

  for (const size of SIZES) {
    it(`${size.name} (${size.width}×${size.height}): sign-in, a tool call, an approval, stop, reload and resume`, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const shot = (step: string) =>
        page.screenshot({ path: join(OUTPUT, `chat-page-${size.name}-${step}.png`) });
      try {
        // Sign-in: a wrong password is refused, a demo user signs in with one click.
        await page.goto(url);
        await page.fill('#username', 'alice');
        await page.fill('#password', 'wrong');
        await page.click('#sign-in');
        await page.getByText('Wrong user name or password.').waitFor();
        await shot('1-sign-in');
        await signInAs(page, 'alice');
        await page.getByText('model: OpenAiChatModel').waitFor();

        // A tool call: its arguments, its result, then the answer.
        await ask(page, 'What is the weather in Paris?');
        const weather = page.locator('.call[data-tool="getWeather"]').last();
        await weather.locator('.status', { hasText: '✓ result' }).waitFor();
        expect(await weather.locator('.args').textContent()).toContain('"city": "Paris"');
        expect(await weather.locator('.result').textContent()).toContain('"city": "Paris"');
        await lastAnswer(page).getByText(ANSWER).waitFor();
        await shot('2-tool-call');

        // An approval: the call waits with Approve and Deny in view; approved, it runs.
        await ask(page, `Close ticket ${size.ticket}`);
        const close = page.locator('.call[data-tool="closeTicket"]').last();
        await close.locator('button.approve').waitFor();
        expect(await clipped(close.locator('button.approve'))).toBeNull();
        expect(await clipped(close.locator('button.deny'))).toBeNull();
        await shot('3-approval');
        await close.locator('button.approve').click();
        await close.locator('.status', { hasText: '✓ result' }).waitFor();
        expect(await close.locator('.result').textContent()).toContain('"status": "closed"');

        // Stop: the server ends the answer mid-way, wherever it runs; the composer is back.
        model.hold();
        await ask(page, 'What is the weather in Paris?');
        await until(() => model.waiting === 1, 'the answer waits mid-way');
        await lastAnswer(page).getByText(ANSWER_WORDS.slice(0, WORDS_BEFORE_GATE).join(' ')).waitFor();
        expect(await clipped(page.locator('#stop'))).toBeNull();
        await shot('4-streaming');
        const abandoned = model.abandoned;
        await page.click('#stop');
        await page.locator('#send').waitFor();
        await until(() => model.abandoned === abandoned + 1, 'the model request is cancelled');
        model.release();
        expect(await lastAnswer(page).locator('.text').last().textContent()).toBe(
          ANSWER_WORDS.slice(0, WORDS_BEFORE_GATE).join(' '),
        );

        // Reload mid-answer: the page comes back with the conversation and resumes the answer to its end.
        model.hold();
        await ask(page, 'And the weather in Paris now?');
        await until(() => model.waiting === 1, 'the answer waits mid-way');
        await lastAnswer(page).getByText(ANSWER_WORDS.slice(0, WORDS_BEFORE_GATE).join(' ')).waitFor();
        await page.reload();
        await page.getByText('And the weather in Paris now?').waitFor();
        model.release();
        await lastAnswer(page).getByText(ANSWER).waitFor();
        await page.locator('#send').waitFor();
        // One answer per question: the replay replaced the partial message, it did not add one.
        expect(await page.locator('#messages li.user').count()).toBe(4);
        expect(await page.locator('#messages li.assistant').count()).toBe(4);

        // Layout: nothing wider than the window, the composer whole and on screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        expect(await clipped(page.locator('#question'))).toBeNull();
        expect(await clipped(page.locator('#send'))).toBeNull();
        await shot('5-resumed');
        expect(errors).toEqual([]);
      } catch (error) {
        await shot('failed');
        throw new Error(`${(error as Error).message}\npage errors: ${errors.join('\n')}`, { cause: error });
      } finally {
        model.release();
        await context.close();
      }
    }, 120_000);
  }
});
