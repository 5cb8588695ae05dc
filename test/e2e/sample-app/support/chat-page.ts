import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { describeIf } from '../../../support/describe-if';
import { startSupportDesk } from '../support-desk.app';

// What the page-side callbacks use of the browser (the project's types are Node's, without the DOM library).
export interface PageBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export interface PageElement {
  tagName: string;
  className: string;
  parentElement: PageElement | null;
  getBoundingClientRect(): PageBox;
  closest(selector: string): PageElement | null;
}
declare const window: {
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(element: PageElement): { overflowX: string; overflowY: string };
};

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const CHROMIUM = CANDIDATES.find((path) => existsSync(path));
const SKIPPED = `no Chromium at ${CANDIDATES.join(' or ')}; run .ci/setup-browser, as CI does`;

/** Screenshots of the page (gitignored), for a person to look at. */
export const OUTPUT = join(__dirname, '..', '..', '..', '..', 'test-output');

/** `describe` when Chromium is installed; otherwise a skipped one that says why, in its title and on the console. */
export function describeInBrowser(title: string, body: () => void): void {
  describeIf(CHROMIUM, SKIPPED)(title, body);
}

/** The sample app and a browser for the tests of one describe block: started before them, closed after them. */
export function sampleAppInBrowser(): { readonly url: string; readonly browser: Browser } {
  const running = {} as { url: string; browser: Browser; app?: NestExpressApplication };
  beforeAll(async () => {
    ({ app: running.app, url: running.url } = await startSupportDesk());
    running.browser = await launchBrowser();
  }, 30_000);
  afterAll(async () => {
    await running.browser?.close();
    await running.app?.close();
  });
  return running;
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({
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
}

export const DEMO_USERS: Record<string, string> = {
  alice: 'alice — acme, admin',
  bob: 'bob — acme, agent',
  carol: 'carol — globex, admin',
};

/** Signs in with the demo user's one-click button (signing out first when someone is signed in). */
export async function signInAs(page: Page, user: string): Promise<void> {
  if (await page.locator('#sign-out').isVisible()) await page.click('#sign-out');
  await page.getByRole('button', { name: DEMO_USERS[user] }).click();
  await page.locator('#signed-in', { hasText: `signed in: ${user} (` }).waitFor({ timeout: 10_000 });
  await page.locator('#offered-tools', { hasText: 'listTickets' }).waitFor({ timeout: 10_000 });
}

/** A page of the app at the given size (signed in as `user` unless null), collecting page errors and HTTP errors. */
export async function openPage(
  browser: Browser,
  url: string,
  width: number,
  height: number,
  user: string | null = 'alice',
): Promise<{ page: Page; failures: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  // A missing element fails its test with the locator's message, well before the test's own timeout.
  page.setDefaultTimeout(5_000);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  if (user) {
    await signInAs(page, user);
    await page.getByText('model: offline demo model (no network)').waitFor({ timeout: 10_000 });
  }
  return { page, failures };
}

/** Whether the end of `element` is on screen: inside its scrolling pane and inside the window. */
export function endInView(element: Locator): Promise<boolean> {
  return element.evaluate((node: PageElement) => {
    const box = node.getBoundingClientRect();
    const pane = node.closest('.pane')?.getBoundingClientRect();
    const top = Math.max(pane?.top ?? 0, 0);
    const bottom = Math.min(pane?.bottom ?? window.innerHeight, window.innerHeight);
    return box.bottom > top && box.bottom <= bottom + 1 && box.top < bottom;
  });
}

/**
 * Where `element` is cut off, or null when all of it shows without scrolling: inside the window and inside every
 * ancestor that clips (a scroll box of 50 px hiding most of its buttons is reported).
 */
export function clipped(element: Locator): Promise<string | null> {
  return element.evaluate((node: PageElement) => {
    const box = node.getBoundingClientRect();
    const within = (outer: PageBox) =>
      box.top >= outer.top - 0.5 &&
      box.bottom <= outer.bottom + 0.5 &&
      box.left >= outer.left - 0.5 &&
      box.right <= outer.right + 0.5;
    const name = (of: PageElement) => `${of.tagName.toLowerCase()}.${of.className}`;
    if (box.bottom - box.top <= 0) return `${name(node)} has no height`;
    if (!within({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }))
      return `${name(node)} is outside the window`;
    for (let outer = node.parentElement; outer; outer = outer.parentElement) {
      const style = window.getComputedStyle(outer);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (!within(outer.getBoundingClientRect())) return `${name(node)} is cut off by ${name(outer)}`;
    }
    return null;
  });
}

/** Every element matched by `locator`, each with where it is cut off (null: shown whole). */
export async function clippedAll(locator: Locator): Promise<Record<string, string | null>> {
  const found: Record<string, string | null> = {};
  for (const element of await locator.all())
    found[(await element.textContent()) ?? ''] = await clipped(element);
  return found;
}
