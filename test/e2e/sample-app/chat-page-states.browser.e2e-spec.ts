import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  clipped,
  clippedAll,
  DEMO_USERS,
  describeInBrowser,
  sampleAppInBrowser,
  openPage,
  OUTPUT,
} from './support/chat-page';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const HINTS = [
  'What is the weather in Paris and Rome?',
  'List my open tickets',
  'Open a new ticket about "Coffee machine leaks"',
  'Close ticket 1',
  'Export my tickets as CSV',
  'Who am I?',
];

/** Each element with `null`: every one of them shows whole, nothing cut off by the window or a scroll box. */
const allShown = (texts: string[]) => Object.fromEntries(texts.map((text) => [text, null]));

/** The classes of the conversation's entries, in the order they are on the page. */
async function conversation(page: Page): Promise<string[]> {
  return page
    .locator('#messages > li')
    .evaluateAll((nodes: Array<{ className: string }>) => nodes.map((node) => node.className));
}

/** Asks `question` and waits for the approval it needs (and for the stream's end). */
async function askForApproval(page: Page, question: string): Promise<Locator> {
  await page.fill('#question', question);
  await page.click('#send');
  const box = page.locator('#messages li.approval').last();
  await box.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 10_000 });
  await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
  return box;
}

/** Presses Approve or Deny, and waits for the decision and for the answer after it. */
async function press(page: Page, box: Locator, button: 'Approve' | 'Deny'): Promise<void> {
  await box.getByRole('button', { name: button }).click();
  await box.locator('.decision').waitFor({ timeout: 10_000 });
  await page.locator('#messages > li').nth(3).waitFor({ timeout: 10_000 });
}

describeInBrowser('sample app: the chat page’s states at desktop and phone width', () => {
  const desk = sampleAppInBrowser();

  describe.each(SIZES)('$name ($width×$height)', ({ name, width, height }) => {
    it('shows every demo user to sign in with, none cut off by a scroll box; carol signs in with one click', async () => {
      const { page, failures } = await openPage(desk.browser, desk.url, width, height, null);
      await page.locator('#login').waitFor({ timeout: 10_000 });
      const users = Object.values(DEMO_USERS);
      expect(await clippedAll(page.locator('.demo-user'))).toEqual(allShown(users));
      expect(await clipped(page.locator('#sign-in'))).toBeNull();
      await page.screenshot({ path: join(OUTPUT, `chat-page-sign-in-${name}.png`) });

      await page.getByRole('button', { name: DEMO_USERS.carol }).click();
      await page.getByText('signed in: carol (globex, admin)').waitFor({ timeout: 10_000 });
      expect(failures).toEqual([]);
    }, 30_000);

    it('welcomes the signed-in user, explains the empty tool pane, and shows every suggestion whole', async () => {
      const { page, failures } = await openPage(desk.browser, desk.url, width, height);
      expect(await clippedAll(page.locator('.hint'))).toEqual(allShown(HINTS));
      const welcome = page.locator('#messages li.welcome');
      expect(await welcome.textContent()).toBe(
        "Welcome, alice.Ask about your tickets or the weather, or pick a suggestion below. The model answers with the app's tools; a call that changes something (closing a ticket) waits for your approval.",
      );
      const empty = page.locator('#tool-calls li.empty');
      expect(await empty.textContent()).toBe(
        'No tool calls yet: each call the model makes for a question shows up here, with its arguments and its result.',
      );
      expect(await clipped(welcome)).toBeNull();
      expect(await clipped(empty)).toBeNull();
      expect(await clipped(page.locator('#question'))).toBeNull();
      expect(await clipped(page.locator('#send'))).toBeNull();
      await page.screenshot({ path: join(OUTPUT, `chat-page-welcome-${name}.png`) });

      // The last suggestion, out of sight before, is a click away; the first question ends the empty state.
      await page.getByRole('button', { name: 'Who am I?' }).click();
      await page.locator('#tool-calls li.call.ok').waitFor({ timeout: 10_000 });
      await page.locator('#messages li.assistant.streaming').waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.locator('.pane > li.empty').count()).toBe(0);
      expect(await conversation(page)).toEqual(['user', 'assistant']);
      expect(failures).toEqual([]);
    }, 30_000);

    it('approved: the decision replaces the buttons, the answer follows it, and the tool pane shows the call waiting, then its result', async () => {
      const { page, failures } = await openPage(desk.browser, desk.url, width, height);
      const box = await askForApproval(page, 'Close ticket 1');
      const waiting = page.locator('#tool-calls li.call.waiting');
      expect(await waiting.locator('.status').textContent()).toBe('● waiting for your approval');
      expect(await waiting.locator('.round').textContent()).toBe('round 1');

      await press(page, box, 'Approve');
      expect(await conversation(page)).toEqual(['user', 'assistant', 'approval approved', 'assistant']);
      expect(await box.locator('button').count()).toBe(0);
      expect(await box.locator('.decision').textContent()).toBe('✓ You approved: closeTicket ran.');
      const answer = page.locator('#messages > li').nth(3);
      expect(await answer.textContent()).toMatch(
        /^Here is what I found for "Close ticket 1":\n- Close ticket: id 1, title Printer on floor 3 is jammed, status closed, priority normal, createdAt \S+\n\n\(Offline model, not a language model: /,
      );
      // Chronological on the page too: the answer is below the decision.
      const [boxBottom, answerTop] = [(await box.boundingBox())!, (await answer.boundingBox())!];
      expect(answerTop.y).toBeGreaterThanOrEqual(boxBottom.y + boxBottom.height);

      const turn = page.locator('#tool-calls li.turn');
      expect(
        await turn
          .locator('li')
          .evaluateAll((rows: Array<{ className: string }>) => rows.map((row) => row.className)),
      ).toEqual(['call ok']);
      expect(await turn.locator('.status').textContent()).toBe('✓ result');
      expect(await turn.locator('.result').textContent()).toContain('"status": "closed"');
      expect(await turn.textContent()).not.toContain('no tool calls');
      expect(await clippedAll(turn.locator('.head > *'))).toEqual(
        allShown(['closeTicket', '✓ result', 'round 1']),
      );
      expect(await clipped(box.locator('.decision'))).toBeNull();
      expect(await clipped(answer)).toBeNull();
      await page.screenshot({ path: join(OUTPUT, `chat-page-approved-${name}.png`) });
      expect(failures).toEqual([]);
    }, 30_000);

    it('denied: a clear denied status in both panes and an answer in words for the user, not for the model', async () => {
      const { page, failures } = await openPage(desk.browser, desk.url, width, height);
      const box = await askForApproval(page, 'Close ticket 2');
      await press(page, box, 'Deny');
      expect(await conversation(page)).toEqual(['user', 'assistant', 'approval denied', 'assistant']);
      expect(await box.locator('button').count()).toBe(0);
      expect(await box.locator('.decision').textContent()).toBe('✗ You denied: closeTicket was not run.');
      const answer = page.locator('#messages > li').nth(3);
      expect(await answer.textContent()).toMatch(
        /^Here is what I found for "Close ticket 2":\n- I did not close ticket: you did not approve it\.\n\n\(Offline model, not a language model: /,
      );
      expect(await page.locator('#messages').textContent()).not.toMatch(
        /Do not try again|The user did not approve/,
      );

      const row = page.locator('#tool-calls li.turn li');
      expect(await row.getAttribute('class')).toBe('call denied');
      expect(await row.locator('.status').textContent()).toBe('✗ denied by you: not run');
      expect(await page.locator('#tool-calls').textContent()).not.toContain('no tool calls');
      expect(await clippedAll(row.locator('.head > *'))).toEqual(
        allShown(['closeTicket', '✗ denied by you: not run', 'round 1']),
      );
      expect(await clipped(box.locator('.decision'))).toBeNull();
      expect(await clipped(answer)).toBeNull();
      await page.screenshot({ path: join(OUTPUT, `chat-page-denied-${name}.png`) });

      // Denied means not run: the ticket is still open.
      await page.getByRole('button', { name: 'List my open tickets' }).click();
      await page.locator('#tool-calls li.turn').nth(1).locator('li.call.ok').waitFor({ timeout: 10_000 });
      expect(await page.locator('#tool-calls li.turn').nth(1).locator('.result').textContent()).toContain(
        '"title": "VPN drops every hour"',
      );
      expect(failures).toEqual([]);
    }, 30_000);
  });
});
