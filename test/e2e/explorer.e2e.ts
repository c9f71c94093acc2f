// A person's path through the Skyvia view, in one code-server and one browser page: open the
// view, sign in by typing a token (a wrong one first), expand down to an integration's runs,
// page them with "Load more…", look at a failing integration, open a run's details, use the
// context menu, sign out. The steps share the page, so a failed step skips the rest.
import * as assert from 'node:assert/strict';
import { DEMO_FIXTURES, startDemoService, type DemoService } from '../../src/demo';
import {
  ariaNumber,
  eventually,
  expand,
  openSession,
  quickInput,
  QUICK,
  re,
  rowByLabel,
  scrollTreeTo,
  sideBar,
  SLOW,
  treeRow,
  type E2ESession,
} from './support';

const AUTH_MESSAGE = 'Authorization header is missing or invalid.';
const BIG = 'Orders → Warehouse (hourly)';
const BROKEN = 'Legacy ERP Sync (broken)';
const NULL_NAME = `Integration #${DEMO_FIXTURES.nullNameIntegrationId}`;
const PAGE_SIZE = 50;

describe('Skyvia view: sign in with a token, browse, page, sign out', function () {
  let demo: DemoService | undefined;
  let s: E2ESession;
  let failed = false;

  before(async function () {
    this.timeout(120_000);
    // A manual clock: nothing changes under the test; the history is generated up to "now".
    demo = await startDemoService({ port: 0, manualClock: true });
    s = await openSession({ name: 'explorer', settings: { 'skyvia.baseUrl': demo.url } });
  });

  after(async function () {
    this.timeout(60_000);
    try {
      await s?.close();
    } finally {
      await demo?.close();
    }
  });

  beforeEach(function () {
    if (failed) this.skip();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      failed = true;
      await s?.dumpFailure(this.currentTest.fullTitle());
    }
  });

  it('1. opens the Skyvia view and shows the welcome content with both buttons', async function () {
    this.timeout(90_000);
    const { page } = s;
    await page.getByRole('tab', { name: /^Skyvia/ }).click({ timeout: SLOW });
    const view = sideBar(page);
    await view.getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: SLOW });
    await view.getByRole('button', { name: 'Try the demo account' }).waitFor({ timeout: SLOW });
    await view.getByText('Browse your Skyvia integrations').waitFor();
    assert.equal(await view.getByRole('treeitem').count(), 0, 'no tree rows while signed out');
    await s.screenshot('01-welcome');
  });

  it('2. signs in by typing a token: a wrong one is refused in the service\'s words, the right one shows the account', async function () {
    this.timeout(90_000);
    const { page } = s;
    const input = quickInput(page);
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).click();

    // Step 1/2: the base URL, because the setting points somewhere other than the default.
    await input.filter({ hasText: 'Sign in to Skyvia (1/2)' }).waitFor({ timeout: SLOW });
    const box = input.locator('input.input');
    assert.equal(await box.inputValue(), demo!.url, 'the base URL box is prefilled from skyvia.baseUrl');
    await s.screenshot('02a-sign-in-base-url');
    await box.press('Enter');

    // Step 2/2: the token in a password box.
    await input.filter({ hasText: /Sign in to Skyvia at 127\.0\.0\.1:\d+ \(2\/2\)/ }).waitFor({ timeout: QUICK });
    assert.equal(await box.getAttribute('type'), 'password', 'the token box hides what is typed');
    assert.equal(await box.inputValue(), '');
    await box.pressSequentially('not-the-right-token');
    await box.press('Enter');
    const refused = input.locator('.quick-input-message').filter({ hasText: AUTH_MESSAGE });
    await refused.waitFor({ timeout: QUICK });
    assert.match((await refused.textContent()) ?? '', new RegExp(`^Token rejected: ${re(AUTH_MESSAGE)} Check the token and try again\\.$`));
    assert.ok(await input.isVisible(), 'the token box stays open after a refusal');
    await s.screenshot('02b-sign-in-wrong-token');

    await box.press('ControlOrMeta+A');
    await box.pressSequentially(demo!.token);
    await box.press('Enter');
    await input.waitFor({ state: 'hidden', timeout: QUICK });

    const host = new URL(demo!.url).host;
    const account = rowByLabel(page, host);
    await account.waitFor({ timeout: SLOW });
    assert.equal(await account.getAttribute('aria-expanded'), 'true', 'the account starts expanded');
    for (const label of ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']) {
      await rowByLabel(page, label).waitFor({ timeout: QUICK });
    }
    // The account's children: Users, Invitations and the four workspaces.
    assert.equal(await ariaNumber(rowByLabel(page, 'Data Platform'), 'aria-setsize'), 6);
    await page.locator('.notifications-toasts').getByText(`Signed in to Skyvia (${demo!.url})`).waitFor({ timeout: QUICK });
    await s.screenshot('02c-signed-in');
  });

  it('3. expands Data Platform › Integrations: ten integrations, the null-name fallback, a Markdown tooltip', async function () {
    const { page } = s;
    await expand(rowByLabel(page, 'Data Platform'));
    const categories = ['Integrations', 'Backups', 'Automations', 'Agents', 'Connections', 'Endpoints'];
    for (const label of categories) await rowByLabel(page, label).waitFor({ timeout: QUICK });
    // Several workspaces have an "Integrations" row; only Data Platform is expanded.
    const integrations = rowByLabel(page, 'Integrations');
    assert.equal(await integrations.count(), 1);
    await expand(integrations);

    const big = rowByLabel(page, BIG);
    await big.waitFor({ timeout: QUICK });
    assert.equal(await ariaNumber(big, 'aria-setsize'), DEMO_FIXTURES.integrations.countInWorkspace, 'ten integrations and no "Load more…"');
    for (const label of [BROKEN, NULL_NAME, 'Salesforce Accounts → BigQuery', 'Postgres → S3 Parquet Archive']) {
      await rowByLabel(page, label).waitFor({ timeout: QUICK });
    }
    // The failing integration's icon is coloured as a failure; the null-name one is not "null".
    assert.equal(await treeRow(page, /\bnull\b|undefined/).count(), 0, 'no row says null or undefined');

    await rowByLabel(page, 'Salesforce Accounts → BigQuery').hover();
    const hover = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'Integration id' });
    await hover.first().waitFor({ timeout: QUICK });
    const text = (await hover.first().innerText()).replace(/\s+/g, ' ');
    assert.match(text, /Salesforce Accounts → BigQuery/);
    assert.match(text, new RegExp(`Integration id: ${DEMO_FIXTURES.scheduledIntegrationId}`));
    assert.match(text, /Schedule/);
    // Markdown, not raw text: the title is rendered (no leading "**" or "#").
    assert.doesNotMatch(text, /\*\*|^#/);
    await s.screenshot('03-integrations-hover');
    await page.mouse.move(900, 400); // away from the tree, so the hover closes
    await hover.first().waitFor({ state: 'hidden', timeout: QUICK }).catch(() => page.keyboard.press('Escape'));
  });

  it('4. pages the 5,000 runs of "Orders → Warehouse (hourly)" with "Load more…"', async function () {
    const { page } = s;
    const big = rowByLabel(page, BIG);
    await expand(big);
    // Run rows are one level below the integration.
    const level = (await ariaNumber(big, 'aria-level')) + 1;
    const runs = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`);
    const loadMore = rowByLabel(page, 'Load more…');
    await runs.first().waitFor({ timeout: QUICK });
    await eventually(async () => assert.equal(await ariaNumber(runs.first(), 'aria-setsize'), PAGE_SIZE + 1), QUICK, 'a first page of runs plus "Load more…"');

    await scrollTreeTo(page, loadMore);
    assert.match((await loadMore.getAttribute('aria-label')) ?? '', /Load more… 50 loaded/);
    assert.equal(await ariaNumber(loadMore, 'aria-posinset'), PAGE_SIZE + 1, '"Load more…" comes after the 50 runs');
    await s.screenshot('04a-runs-first-page');

    // Run rows show how they ended; the big history is mostly succeeded runs.
    await checkRunIcons(runs, /codicon-(pass|error|circle-slash)/);
    assert.ok((await runs.locator('.codicon-pass').count()) > 0, 'some run shows the pass icon');

    await loadMore.click();
    // The next 50 runs take the place of the row clicked; the new "Load more…" is 50 rows further
    // down, outside what the virtualized list renders until it is scrolled to.
    const loaded = treeRow(page, /^Load more… 100 loaded/);
    await scrollTreeTo(page, loaded);
    assert.equal(await ariaNumber(loaded, 'aria-setsize'), 2 * PAGE_SIZE + 1, '100 runs plus "Load more…"');
    assert.equal(await ariaNumber(loaded, 'aria-posinset'), 2 * PAGE_SIZE + 1);
    assert.equal(await ariaNumber(runs.first(), 'aria-setsize'), 2 * PAGE_SIZE + 1);
    await scrollTreeTo(page, loaded);
    await s.screenshot('04b-runs-100-loaded');
    await checkRunIcons(runs, /codicon-(pass|error|circle-slash)/);
  });

  it('5. expands "Legacy ERP Sync (broken)": its runs show error icons', async function () {
    const { page } = s;
    // Collapse the big history again so the next integrations come into view.
    const big = rowByLabel(page, BIG);
    await scrollTreeTo(page, big);
    await big.locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.equal(await big.getAttribute('aria-expanded'), 'false'), QUICK, 'the big history to collapse');

    const broken = rowByLabel(page, BROKEN);
    await scrollTreeTo(page, broken);
    assert.ok(await broken.locator('.codicon-sync').count(), 'an integration shows the sync icon');
    await expand(broken);
    const level = (await ariaNumber(broken, 'aria-level')) + 1;
    const runs = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`);
    await runs.first().waitFor({ timeout: QUICK });
    const first = runs.first();
    assert.match((await first.getAttribute('aria-label')) ?? '', /Failed/);
    await checkRunIcons(runs, /codicon-error/);
    assert.equal(await runs.locator('.codicon-pass').count(), 0, 'no run of the broken integration passed');
    await s.screenshot('05-broken-integration-runs');
  });

  it('6. clicking a run opens its details in an editor tab', async function () {
    const { page } = s;
    const broken = rowByLabel(page, BROKEN);
    const level = (await ariaNumber(broken, 'aria-level')) + 1;
    const run = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`).first();
    await run.click();
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: /^Run \d+/ });
    await tab.first().waitFor({ timeout: QUICK });
    const tabLabel = (await tab.first().innerText()).trim();
    assert.match(tabLabel, /^Run \d+ · Failed\.md/);
    const editor = page.locator('.part.editor .monaco-editor .view-lines');
    const details = editor.filter({ hasText: 'As returned by the API' }).first();
    await details.waitFor({ timeout: QUICK });
    // Monaco renders spaces as non-breaking spaces.
    const text = (await details.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /# Run \d+ · Failed/);
    assert.match(text, /\| State \| Failed/);
    await s.screenshot('06-run-details');
  });

  it('7. the context menu offers Refresh; Sign Out from the Command Palette brings the welcome back', async function () {
    const { page } = s;
    const integrations = rowByLabel(page, 'Integrations');
    await scrollTreeTo(page, integrations);
    await integrations.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.getByRole('menuitem', { name: 'Refresh' }).waitFor({ timeout: QUICK });
    await s.screenshot('07a-context-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: QUICK });

    // Sign out the way a keyboard user does: the Command Palette.
    await page.keyboard.press('F1');
    const palette = quickInput(page);
    await palette.waitFor({ timeout: QUICK });
    await palette.locator('input.input').pressSequentially('Skyvia: Sign Out');
    await palette.getByRole('option', { name: /Skyvia: Sign Out/ }).first().waitFor({ timeout: QUICK });
    await s.screenshot('07b-palette-sign-out');
    await palette.locator('input.input').press('Enter');
    await page.locator('.notifications-toasts').getByText('Signed out of Skyvia; the token was removed from secret storage.').waitFor({ timeout: QUICK });
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: QUICK });
    await eventually(async () => assert.equal(await sideBar(page).getByRole('treeitem').count(), 0), QUICK, 'the tree to go away');
    await s.screenshot('07c-signed-out');
  });
});

/** Every rendered row of `rows` shows an icon whose class matches `cls`. */
async function checkRunIcons(rows: import('playwright-core').Locator, cls: RegExp): Promise<void> {
  const n = await rows.count();
  assert.ok(n > 0, 'some run rows are rendered');
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const label = await row.getAttribute('aria-label');
    if (/^Load more/.test(label ?? '')) continue;
    const icon = row.locator('.custom-view-tree-node-item-icon');
    const classes = (await icon.getAttribute('class')) ?? '';
    assert.match(classes, cls, `the icon of run row "${label}"`);
  }
}
