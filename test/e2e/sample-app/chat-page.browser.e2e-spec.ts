import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  endInView,
  sampleAppInBrowser,
  openPage as openBrowserPage,
  OUTPUT,
  signInAs,
  type PageElement,
} from './support/chat-page';

declare const window: { innerWidth: number; innerHeight: number };
declare const document: {
  documentElement: { scrollWidth: number; scrollHeight: number };
  querySelectorAll(selector: string): Iterable<PageElement>;
};

/** Questions whose tool calls overflow the tool pane, the last one with a long result. */
const QUESTIONS: Array<{ question: string; tools: string[] }> = [
  { question: 'What is the weather in Paris and Rome?', tools: ['getWeather', 'getWeather'] },
  { question: 'List my open tickets', tools: ['listTickets'] },
  { question: 'Open a new ticket about "Coffee machine leaks"', tools: ['createTicket'] },
  { question: 'Who am I?', tools: ['whoAmI'] },
  {
    question: 'What is the weather in Oslo, Lima and Cairo?',
    tools: ['getWeather', 'getWeather', 'getWeather'],
  },
  { question: 'Export my tickets as CSV', tools: ['exportTickets'] },
];

async function askAll(page: Page): Promise<void> {
  for (const { question, tools } of QUESTIONS) {
    await page.fill('#question', question);
    await page.click('#send');
    const turn = page.locator('#tool-calls li.turn').last();
    await turn
      .locator('li.call.ok')
      .nth(tools.length - 1)
      .waitFor({ timeout: 10_000 });
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await turn.locator('.question').textContent()).toBe(question);
    expect(await turn.locator('.name').allTextContents()).toEqual(tools);
    expect(await endInView(turn.locator('li.call').last())).toBe(true);
    expect(await endInView(page.locator('#messages li.assistant').last())).toBe(true);
  }
}

describeInBrowser('sample app: the chat page in headless Chromium', () => {
  const desk = sampleAppInBrowser();

  const openPage = (width: number, height: number, user: string | null = 'alice') =>
    openBrowserPage(desk.browser, desk.url, width, height, user);

  it('signs in: refuses a wrong password, then signs a demo user in with one click', async () => {
    const { page, failures } = await openPage(1280, 800, null);
    await page.locator('#login').waitFor({ timeout: 10_000 });
    expect(await page.locator('#desk').isHidden()).toBe(true);
    await page.fill('#username', 'alice');
    await page.fill('#password', 'wrong');
    await page.click('#sign-in');
    await page.getByText('Wrong user name or password.').waitFor({ timeout: 10_000 });
    expect(failures).toEqual([`401 ${desk.url}/auth/login`]);
    failures.length = 0;

    await signInAs(page, 'alice');
    await page.getByText('model: offline demo model (no network)').waitFor({ timeout: 10_000 });
    expect(await page.locator('#offered-tools').textContent()).toContain('closeTicket');
    await page.reload();
    await page.getByText('signed in: alice (acme, admin)').waitFor({ timeout: 10_000 });
    expect(failures).toEqual([]);
  }, 60_000);

  it('streams with the token of the signed-in user: bob is not offered closeTicket and may not close', async () => {
    const { page, failures } = await openPage(1280, 800, 'bob');
    // Signing in as someone else starts a conversation of their own.
    await signInAs(page, 'carol');
    await page.getByRole('button', { name: 'Export my tickets as CSV' }).click();
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('#messages li.assistant').last().textContent()).toContain(
      'Email quota exceeded',
    );
    await signInAs(page, 'bob');
    expect(await page.locator('#messages li').allTextContents()).toEqual([
      expect.stringMatching(/^Welcome, bob\./),
    ]);
    expect(await page.locator('#offered-tools').textContent()).not.toContain('closeTicket');
    await page.getByRole('button', { name: 'Close ticket 1' }).click();
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('#messages li.assistant').last().textContent()).toContain(
      'I may not close that for you: none of the tools I was given can close anything.',
    );
    expect(await page.locator('#tool-calls li.call').count()).toBe(0);
    expect(await page.locator('#tool-calls li.none').last().textContent()).toBe('no tool calls');
    expect(failures).toEqual([]);
  }, 60_000);

  it('streams the answer, shows each question’s tool calls with their round, and follows both panes (desktop)', async () => {
    const { page, failures } = await openPage(1280, 800);
    await askAll(page);

    const first = page.locator('#tool-calls li.turn').first();
    expect(await first.locator('.round').allTextContents()).toEqual(['round 1', 'round 1']);
    expect(await first.locator('.args').first().textContent()).toBe('{"city":"Paris"}');
    expect(await first.locator('.result').first().textContent()).toContain('"unit": "C"');
    expect(await page.locator('#messages li.user').first().textContent()).toBe(QUESTIONS[0].question);
    expect(await page.locator('#messages li.assistant').first().textContent()).toMatch(
      /^Here is what I found for "What is the weather in Paris and Rome\?"/,
    );
    expect(await page.locator('#messages li.assistant').last().textContent()).toContain(
      'VPN drops every hour',
    );
    // The panes scroll, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);

    await page.screenshot({ path: join(OUTPUT, 'chat-page-desktop.png') });
    expect(failures).toEqual([]);
  }, 90_000);

  it('fits a 390 px phone: no horizontal overflow, the newest tool call and answer in view', async () => {
    const { page, failures } = await openPage(390, 844);
    await askAll(page);

    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      wider: [...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((node) => `${node.tagName.toLowerCase()}.${node.className}`),
    }));
    expect(overflow).toEqual({ page: 0, wider: [] });

    await page.screenshot({ path: join(OUTPUT, 'chat-page-phone.png') });
    expect(failures).toEqual([]);
  }, 90_000);

  it('keeps the conversation, shows the pending closeTicket call, and goes on when Approve is pressed', async () => {
    const { page, failures } = await openPage(1280, 800);
    await signInAs(page, 'alice');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/chat/stream'))
        asked.push(new URL(r.url()).searchParams.get('conversationId') ?? '');
    });
    await page.fill('#question', 'List my open tickets');
    await page.click('#send');
    await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });

    await page.fill('#question', 'Close ticket 1');
    await page.click('#send');
    const box = page.locator('#messages li.approval.pending');
    await box.waitFor({ timeout: 10_000 });
    expect(await box.locator('.tool').textContent()).toBe('closeTicket');
    expect(await box.locator('.args').textContent()).toBe('{"id":1}');
    expect(await page.locator('#tool-calls li.call .name').allTextContents()).toEqual([
      'listTickets',
      'closeTicket',
    ]);
    expect(await page.locator('#tool-calls li.call.waiting .name').allTextContents()).toEqual([
      'closeTicket',
    ]);

    await box.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#messages li.approval.approved').waitFor({ timeout: 10_000 });
    await page.locator('#tool-calls li.ok .name', { hasText: 'closeTicket' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#messages li.assistant').last().textContent()).toContain('status closed');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toBe('');
    expect(asked[1]).toMatch(/^[0-9a-f-]{36}$/);

    await page.screenshot({ path: join(OUTPUT, 'chat-page-approval.png') });
    expect(failures).toEqual([]);
  }, 60_000);

  it('has a favicon', async () => {
    const { page, failures } = await openPage(800, 600);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    const icon = await page.request.get(new URL(href ?? '/favicon.ico', desk.url).toString());
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(failures).toEqual([]);
  });
});
