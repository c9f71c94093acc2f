// "Try the demo account": one click starts the demo service inside the extension host and the
// explorer shows its account — no token, no setting, nothing else running.
import * as assert from 'node:assert/strict';
import { openSession, QUICK, rowByLabel, sideBar, SLOW, type E2ESession } from './support';

describe('Skyvia view: try the demo account', function () {
  let s: E2ESession;

  before(async function () {
    this.timeout(120_000);
    s = await openSession({ name: 'demo' });
  });

  after(async function () {
    this.timeout(60_000);
    await s?.close();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await s?.dumpFailure(this.currentTest.fullTitle());
  });

  it('starts the built-in demo service and browses it', async function () {
    this.timeout(90_000);
    const { page } = s;
    await page.getByRole('tab', { name: /^Skyvia/ }).click({ timeout: SLOW });
    await sideBar(page).getByRole('button', { name: 'Try the demo account' }).click({ timeout: SLOW });

    // The account node is the demo service on a loopback port the extension chose.
    const account = sideBar(page).getByRole('treeitem', { name: /^127\.0\.0\.1:\d+/ }).first();
    await account.waitFor({ timeout: SLOW });
    assert.match((await account.getAttribute('aria-label')) ?? '', /^127\.0\.0\.1:\d+ demo$/, 'the account is marked "demo"');
    for (const label of ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']) {
      await rowByLabel(page, label).waitFor({ timeout: QUICK });
    }
    await rowByLabel(page, 'Sales Ops').click();
    // The rows move under the resting pointer as the workspace opens, and a row's tooltip may open
    // over the next one to click: the pointer leaves the tree first, and the tooltip with it.
    await page.mouse.move(900, 400);
    await page.locator('.workbench-hover, .monaco-hover').first().waitFor({ state: 'hidden', timeout: QUICK }).catch(() => page.keyboard.press('Escape'));
    await rowByLabel(page, 'Automations').click();
    const automation = rowByLabel(page, 'Weekly pipeline report');
    await automation.waitFor({ timeout: QUICK });
    assert.ok(await automation.locator('.codicon-zap').count(), 'automations show the zap icon');
    // The notifications a person sees: "connected", and the "starting" progress gone once it has.
    const toasts = page.locator('.notification-toast');
    await toasts.filter({ hasText: 'Connected to the Skyvia demo account' }).and(page.locator('.notification-fade-in-done')).waitFor({ timeout: QUICK });
    await toasts.filter({ hasText: 'Starting the Skyvia demo service' }).waitFor({ state: 'hidden', timeout: QUICK });
    await s.screenshot('10-demo-account');
  });
});
