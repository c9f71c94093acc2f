// A person's path through the Skyvia view, in one code-server and one browser page: open the
// view, sign in by typing a token (a wrong one first), expand down to an integration's runs,
// page them with "Load more…", look at a failing integration, open a run's details, use the
// context menu, run an integration and watch it end, disable and enable an endpoint, test an
// agent, invite a user, read a failed run's log, look at the panels in three themes, pin two
// integrations and be told of a scheduled failure, compare it with the last success, find it in
// the Failures view, export a history, add a second account beside the first (a panel of each
// side by side) and sign out of it in the Accounts menu, sign out. The steps share the page: each first brings it to
// what it starts from (`ready`: nothing left open, the view on screen, signed in; then the rows it
// needs), so a step that fails leaves the others to run; a step that uses what an earlier one did
// says so (`needs`) and is skipped when that one did not pass.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page, Route } from 'playwright-core';
import { parseCsv } from '../csvReader';
import { DEMO_FIXTURES, startDemoService, type DemoService } from '../../src/demo';
import { waitForWorkbench } from '../harness/codeServer';
import {
  ariaNumber,
  axeViolations,
  setTheme,
  collapseAll,
  collapsePane,
  contextMenu,
  dismissToasts,
  eventually,
  expand,
  goToFirstError,
  openSession,
  openAccountsMenu,
  paletteCommand,
  picture,
  quickInput,
  QUICK,
  reloadWindow,
  re,
  resizeSideBar,
  RESULTS_DIR,
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
const ARCHIVE = 'Postgres → S3 Parquet Archive';
/** Started over the demo service's HTTP API in step 9b, as a schedule or a colleague would. */
const OUTSIDE = 'Salesforce Accounts → BigQuery';
const OUTSIDE_ID = 18232;
/** Step 9d's integration: run from the tree in step 9, then by a colleague while its panel and log are open. */
const ARCHIVE_ID = 18236;
const INVITEE = 'new.analyst@bluefinch-retail.example';
/** Scheduled every 6 hours, and flaky: step 17b waits for one of its scheduled runs to fail. */
const STRIPE = 'Stripe Payments → PostgreSQL';
const STRIPE_ID = 18245;

describe('Skyvia view: sign in with a token, browse, page, sign out', function () {
  let demo: DemoService | undefined;
  let s: E2ESession;
  /** The steps that passed, by number ("9b"). */
  const passed = new Set<string>();
  /** Skips the step unless these steps passed: only for a step that checks what they did. */
  const needs = (test: Mocha.Context, ...steps: string[]) => {
    if (steps.some((step) => !passed.has(step))) test.skip();
  };

  before(async function () {
    this.timeout(120_000);
    // A manual clock: nothing changes under the test; the history is generated up to "now".
    demo = await startDemoService({ port: 0, manualClock: true });
    // Runs are watched every second here (5 s by default), so step 9 sees its run end quickly.
    s = await openSession({ name: 'explorer', settings: { 'skyvia.baseUrl': demo.url, 'skyvia.refreshIntervalSeconds': 1 } });
  });

  after(async function () {
    this.timeout(60_000);
    try {
      await s?.close();
    } finally {
      await demo?.close();
    }
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'passed') passed.add(test.title.split('.')[0]);
    if (test?.state === 'failed') await s?.dumpFailure(test.fullTitle());
  });

  it('1. opens the Skyvia view and shows the welcome content with both buttons', async function () {
    this.timeout(90_000);
    const { page } = s;
    await page.getByRole('tab', { name: /^Skyvia/ }).click({ timeout: SLOW });
    const view = sideBar(page);
    await resizeSideBar(page, 520);
    await view.getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: SLOW });
    await view.getByRole('button', { name: 'Try the demo account' }).waitFor({ timeout: SLOW });
    await view.getByText('Browse your Skyvia integrations').waitFor();
    assert.equal(await view.getByRole('treeitem').count(), 0, 'no tree rows while signed out');
    await page.mouse.move(800, 600); // away from the activity bar, whose tooltip would cover the view
    await page.locator('.workbench-hover, .monaco-hover').first().waitFor({ state: 'hidden', timeout: QUICK });
    await s.screenshot('01-welcome');
  });

  it("2. signs in by typing a token: a wrong one is refused in the service's words, the right one shows the account", async function () {
    this.timeout(90_000);
    const { page } = s;
    await ready(page, demo!, { signedIn: false });
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
    await toast(page, `Signed in to Skyvia (${demo!.url}).`);
    await s.screenshot('02c-signed-in');
    await dismissToasts(page); // so it does not cover the later screenshots
  });

  it('3. expands Data Platform › Integrations: ten integrations, the null-name fallback, a Markdown tooltip', async function () {
    const { page } = s;
    await ready(page, demo!);
    await collapseAll(page);
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
    // Fallback labels, never "null"/"undefined" (the null-name integration is "Integration #18235").
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
    await hover
      .first()
      .waitFor({ state: 'hidden', timeout: QUICK })
      .catch(() => page.keyboard.press('Escape'));
  });

  it('4. pages the 5,000 runs of "Orders → Warehouse (hourly)" with "Load more…"', async function () {
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
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

    // Run rows show how they ended (a success not as usual with a warning); the big history is mostly succeeded runs.
    await checkRunIcons(runs, /codicon-(pass|error|circle-slash|warning)/);
    assert.ok((await runs.locator('.codicon-pass').count()) > 0, 'some run shows the pass icon');

    // While its rows are on screen the integration's row is not drawn again to tell the newest run
    // they show (VS Code would forget the rows below it meanwhile): "Load more…" is clicked at once.
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
    await checkRunIcons(runs, /codicon-(pass|error|circle-slash|warning)/);
    // Collapsed, its row tells the newest run its expansion found.
    await scrollTreeTo(page, big);
    await big.locator('.monaco-tl-twistie').click();
    await eventually(
      async () => assert.match((await big.getAttribute('aria-label')) ?? '', /\b(Succeeded|Failed|Canceled)\b/),
      QUICK,
      'the integration’s row, collapsed, to tell its newest run',
    );
  });

  it('5. expands "Legacy ERP Sync (broken)": its runs show error icons', async function () {
    const { page } = s;
    await ready(page, demo!);
    // The big history collapsed again (with everything else), so the next integrations come into view.
    await showOnly(page, 'Data Platform', 'Integrations');
    const big = rowByLabel(page, BIG);
    await scrollTreeTo(page, big);
    assert.equal(await big.getAttribute('aria-expanded'), 'false', 'the big history is collapsed');

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

  it('6. clicking a run opens its panel; Show Details opens the document with what the API returned', async function () {
    const { page } = s;
    await ready(page, demo!);
    const run = await firstRunOf(page, BROKEN);
    await run.click();
    const panel = webview(page);
    await panel.locator('h1', { hasText: /^Run \d+$/ }).waitFor({ timeout: SLOW });
    await panel.locator('.title-row .pill', { hasText: 'Failed' }).waitFor({ timeout: QUICK });
    await panel.locator('.parent', { hasText: `of ${BROKEN}` }).waitFor({ timeout: QUICK });
    await panel.locator('dt', { hasText: 'Rows failed' }).waitFor({ timeout: QUICK });
    await restMouse(page);
    await s.screenshot('06a-run-panel-on-click');
    await contextMenu(page, run, 'Show Details');
    // Beside the panel's tab ("Run 123 · Failed"), the document's: "Run 123 · Failed.md".
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: /^Run \d+ · Failed\.md/ });
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
    await s.screenshot('06b-run-details');
  });

  it('6c. a history row clicked the moment it appears opens its panel, after its item’s panel', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    for (const [category, name, entry] of [
      ['Backups', 'Snowflake Metadata Backup', /^Snapshot \d+$/],
      ['Automations', 'Order webhook → Slack alert', /^Execution \d+$/],
    ] as const) {
      await showOnly(page, 'Data Platform', category);
      const item = rowByLabel(page, name);
      // As reported: the item's panel first (its reads), then its history expanded and clicked at once.
      await contextMenu(page, item, 'Open Panel');
      await webview(page).locator('h1', { hasText: name }).waitFor({ timeout: SLOW });
      await item.locator('.monaco-tl-twistie').click();
      const level = (await ariaNumber(item, 'aria-level')) + 1;
      const first = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`).first();
      await first.click({ timeout: QUICK });
      await webview(page).locator('h1', { hasText: entry }).waitFor({ timeout: QUICK });
      await restMouse(page);
      await s.screenshot(`06c-${category.toLowerCase()}-entry-on-first-click`);
    }
    // The tree as the steps after this one take it: the integrations, the broken one's runs open.
    await showOnly(page, 'Data Platform', 'Integrations');
    await expand(rowByLabel(page, BROKEN));
  });

  it('6d. a second run clicked shows in the same preview panel; Keep Open keeps it, and a double-click keeps the next', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await ready(page, demo!);
    await runCommand(page, 'View: Close All Editors');
    const first = await firstRunOf(page, BROKEN);
    const runs = sideBar(page).locator(`[role=treeitem][aria-level="${await ariaNumber(first, 'aria-level')}"]`);
    const tabs = page.locator('.part.editor .tabs-container [role=tab]');
    const tabLabels = async () => (await tabs.allInnerTexts()).map((t) => t.trim());
    const view = webview(page);
    const heading = view.locator('h1');
    const keepInTitleBar = page.locator('.part.editor .editor-actions').getByRole('button', { name: 'Keep Open' });
    /** Opens the nth run (a click, or a double-click) and answers what the panel's heading then says ("Run 123"). */
    const open = async (n: number, how: 'click' | 'dblclick' = 'click') => {
      const before = (await heading.count()) ? await heading.textContent() : undefined;
      await (how === 'click' ? runs.nth(n).click() : runs.nth(n).dblclick());
      await eventually(
        async () => {
          const now = (await heading.textContent({ timeout: 1_000 })) ?? '';
          assert.ok(/^Run \d+$/.test(now) && now !== before, `the panel shows another run than ${before}: ${now}`);
        },
        SLOW,
        `run ${n} in the panel`,
      );
      return (await heading.textContent()) ?? '';
    };

    // Two rows clicked one after the other, as a person looks down a history: one tab, the second run in it.
    await open(0);
    const second = await open(1);
    await eventually(async () => assert.deepEqual(await tabLabels(), [`${second} · Failed`]), QUICK, 'one tab, showing the second run');
    // A preview says so: its heading in italics, a line with Keep Open, and Keep Open in the title bar.
    await view.locator('.preview-note').waitFor({ timeout: QUICK });
    assert.equal(await heading.evaluate((h) => getComputedStyle(h).fontStyle), 'italic', 'the heading in italics');
    await keepInTitleBar.waitFor({ timeout: QUICK });
    await restMouse(page);
    await s.screenshot('06d-preview-panel-second-run');

    // Keep Open in the title bar: the panel is its own, and the next row opens a panel beside it.
    await keepInTitleBar.click();
    await view.locator('.preview-note').waitFor({ state: 'detached', timeout: QUICK });
    assert.equal(await heading.evaluate((h) => getComputedStyle(h).fontStyle), 'normal', 'its heading upright once kept');
    const third = await open(2);
    await eventually(
      async () => assert.deepEqual(await tabLabels(), [`${second} · Failed`, `${third} · Failed`]),
      QUICK,
      'the kept panel and a new preview beside it',
    );

    // A double-click on a row shows it in the preview and keeps it: the row after it opens a third tab.
    const fourth = await open(3, 'dblclick');
    await view.locator('.preview-note').waitFor({ state: 'detached', timeout: QUICK });
    const fifth = await open(4);
    await eventually(
      async () => assert.deepEqual(await tabLabels(), [`${second} · Failed`, `${fourth} · Failed`, `${fifth} · Failed`]),
      QUICK,
      'two panels kept, the last run in a preview',
    );
    await restMouse(page);
    await s.screenshot('06e-kept-panels-and-a-preview');
    await runCommand(page, 'View: Close All Editors');
  });

  it('7. Refresh from the context menu re-renders the failing integration in red', async function () {
    const { page } = s;
    await ready(page, demo!);
    // The broken integration's runs read (its history open), as the steps before leave it.
    await showOnly(page, 'Data Platform', 'Integrations');
    await expand(rowByLabel(page, BROKEN));
    const integrations = rowByLabel(page, 'Integrations');
    await scrollTreeTo(page, integrations);
    await contextMenu(page, integrations, 'Refresh', () => s.screenshot('07a-context-menu'));
    // The reloaded list re-renders the integrations with what their runs told: the broken one's
    // icon turns the Testing view's "failed" red and its description names the failed last run.
    const broken = rowByLabel(page, BROKEN);
    const failedRed = await themeColor(page, 'testing-iconFailed');
    await eventually(
      async () => assert.equal(await broken.locator('.custom-view-tree-node-item-icon').evaluate((el) => getComputedStyle(el).color), failedRed),
      QUICK,
      "the broken integration's icon to turn red after Refresh",
    );
    assert.match((await broken.getAttribute('aria-label')) ?? '', /Failed/i, 'the description mentions the failed last run');
    await s.screenshot('07b-after-refresh');
  });

  it('8. "Show Log" in the view\'s "…" menu opens the request log in the panel, without the token', async function () {
    // The log it reads tells of step 2's refused token and step 4's second page of runs.
    needs(this, '2', '4');
    const { page } = s;
    await ready(page, demo!);
    // The Explorer section's own "…" (the container's lists the views): shown on hover, an <a>
    // without a role, found by its label as a screen reader announces it.
    const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Explorer' });
    await header.hover();
    await header.locator('[aria-label^="More Actions"]').click();
    const menu = page.locator('.context-view .monaco-menu');
    for (const item of ['Sign In with an API Token…', 'Try the Demo Account', 'Sign Out']) {
      await menu.getByRole('menuitem', { name: item }).waitFor({ timeout: QUICK });
    }
    const showLog = menu.getByRole('menuitem', { name: 'Show Log' });
    await showLog.waitFor({ timeout: QUICK });
    await s.screenshot('08a-view-menu');
    await showLog.click();

    const panel = page.locator('.part.panel');
    const log = panel.locator('.monaco-editor .view-lines');
    // The panel follows the log's end, where the latest requests are.
    await log.filter({ hasText: '[info] GET /v1/workspaces' }).waitFor({ timeout: QUICK });
    await panel.locator('[aria-label^="Maximize Panel Size"]').click();
    // Long lines wrap in the panel: join the rendered lines before matching.
    const text = (await log.innerText()).replace(/\u00a0/g, ' ').replace(/\n/g, '');
    // The whole log (the panel renders only the lines in view) is the extension's log file.
    const whole = s.extensionLogs().join('\n');
    assert.match(whole, new RegExp(`Signed in to ${demo!.url.replace(/[.]/g, '\\.')}`));
    assert.match(whole, /GET \/v1\/workspaces → 403 auth/, "the refused token's check is logged");
    assert.match(
      whole,
      /GET \/v1\/workspaces\/4210\/integrations\/18231\/executions\?take=50&skip=50&sortOrder=desc → 200/,
      'the second page of runs is logged',
    );
    await s.screenshot('08b-request-log');
    // No token in what the panel shows, nor anywhere in the extension's log files.
    const files = [text, ...s.extensionLogs()];
    assert.ok(files.length > 1, 'the extension wrote a log file');
    for (const content of files) {
      assert.ok(!content.includes(demo!.token), 'the log never shows the token');
      assert.ok(!content.includes('not-the-right-token'), 'the log never shows a rejected token either');
    }
    await panel.locator('[aria-label^="Restore Panel Size"]').click();
  });

  it('9. Run from the context menu: the integration spins, then shows how its run ended', async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
    const archive = rowByLabel(page, ARCHIVE);
    await contextMenu(page, archive, 'Run Integration', () => s.screenshot('09a-run-menu'));
    await toast(page, `Started a run of “${ARCHIVE}”`);
    // No Refresh pressed: the row spins at once, and its description says how the run stands.
    await archive.locator('.codicon-modifier-spin').waitFor({ timeout: QUICK });
    // (It spins while its start is out too — "starting run…" — then says how the run stands.)
    await eventually(
      async () => assert.match((await archive.getAttribute('aria-label')) ?? '', /\b(new|queued|running)\b/i),
      QUICK,
      'the row to say how the run stands',
    );
    await page.locator('.statusbar-item').filter({ hasText: '1 running' }).first().waitFor({ timeout: QUICK });
    await s.screenshot('09b-running');
    // The demo service's clock jumps past the run's end; the watcher (1 s here) sees it end.
    demo!.advance(7_000);
    await toast(page, `The run of “${ARCHIVE}” succeeded`);
    await eventually(async () => assert.match((await archive.getAttribute('aria-label')) ?? '', /Succeeded/), QUICK, 'the row to say Succeeded');
    assert.equal(await archive.locator('.codicon-modifier-spin').count(), 0, 'no spinner once it ended');
    assert.equal(await page.locator('.statusbar-item').filter({ hasText: 'running' }).count(), 0, 'the status bar item is gone');
    await s.screenshot('09c-run-ended');
    await dismissToasts(page);
  });

  it('9b. a run started outside VS Code (as a schedule would): expanding and hovering its integration tell the truth, with no error', async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
    const row = rowByLabel(page, OUTSIDE);
    await row.waitFor({ timeout: QUICK });
    // A colleague (or the schedule) starts a run through the service's own HTTP API.
    await startRunOverHttp(demo!, OUTSIDE_ID);
    // The first tooltip shown reads what runs and tells it, under the pointer. (VS Code can drop a
    // hover that begins while another row's is still settling — no tooltip at all: the pointer
    // is then moved off and back, as a person does. A tooltip without the run would fail.)
    const shown = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: OUTSIDE }).first();
    await eventually(
      async () => {
        await page.mouse.move(5, 5);
        await row.hover();
        await shown.waitFor({ state: 'visible', timeout: 5_000 });
      },
      QUICK * 2,
      'a tooltip of the row',
    );
    const hover = page
      .locator('.monaco-hover, .workbench-hover')
      .filter({ hasText: /Active run/ })
      .first();
    await hover.waitFor({ state: 'visible', timeout: QUICK });
    assert.match(await hover.innerText(), /Active run\W+(New|Queued|Running)/, 'the first hover tells of the run under way');
    await s.screenshot('09d-hover-running');
    await page.mouse.move(5, 5);
    // Expanded: the run under way leads its history; nothing errs.
    await expand(row);
    const lead = sideBar(page)
      .getByRole('treeitem', { level: (await ariaNumber(row, 'aria-level')) + 1 })
      .first();
    await eventually(
      async () => assert.match((await lead.getAttribute('aria-label')) ?? '', /New|Queued|Running/),
      QUICK,
      'the run under way to lead the history',
    );
    await s.screenshot('09e-history-leads-with-run');
    // The run ends while its history is open: it stays, with its outcome, and the row follows.
    demo!.advance(7_000);
    await eventually(
      async () => assert.match((await lead.getAttribute('aria-label')) ?? '', /Succeeded|Failed/),
      QUICK,
      'the history to lead with the finished run',
    );
    await eventually(
      async () => assert.match((await row.getAttribute('aria-label')) ?? '', /Succeeded|Failed/),
      QUICK,
      'the integration row to tell the outcome',
    );
    const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
    const leadText = squash(await lead.innerText());
    const rows = sideBar(page).getByRole('treeitem', { level: (await ariaNumber(row, 'aria-level')) + 1 });
    assert.equal((await rows.allInnerTexts()).filter((t) => squash(t) === leadText).length, 1, 'the finished run is shown once');
    await s.screenshot('09f-history-after-end');
    await noErrorToast(page);
    await dismissToasts(page);
  });

  it('9c. the window reloads while a run started outside is under way, its history open: it leads the history again, with no error', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
    const row = rowByLabel(page, OUTSIDE);
    await expand(row);
    await startRunOverHttp(demo!, OUTSIDE_ID);
    await page.reload();
    await waitForWorkbench(page, SLOW * 2);
    // A new window: the person opens the integration again (VS Code may or may not have kept
    // the expansion), and its history finds the run under way.
    await expand(rowByLabel(page, 'Data Platform'), SLOW);
    await expand(rowByLabel(page, 'Integrations'), SLOW);
    const again = rowByLabel(page, OUTSIDE);
    await expand(again, SLOW);
    const level = (await ariaNumber(again, 'aria-level')) + 1;
    const lead = sideBar(page).getByRole('treeitem', { level }).first();
    await eventually(
      async () => assert.match((await lead.getAttribute('aria-label')) ?? '', /New|Queued|Running/),
      SLOW,
      'the run under way to lead the history after the reload',
    );
    // And the row itself says so: it spins, as the history's first row does.
    await again.locator('.codicon-modifier-spin').waitFor({ timeout: QUICK });
    await s.screenshot('09g-after-reload-mid-run');
    demo!.advance(7_000);
    await eventually(async () => assert.match((await again.getAttribute('aria-label')) ?? '', /Succeeded|Failed/), SLOW, 'the row to tell how the run ended');
    await noErrorToast(page);
    await dismissToasts(page);
  });

  // A run started here, then the window reloads slowly (the browser's new page held back, as on a
  // loaded machine): the run ends while the window is away, the moment it is back, or long after.
  // Each way it is watched again, leads its history while under way, and its end is told once.
  for (const [step, when] of [
    ['9c2', 'before the window is back'],
    ['9c3', 'just after the window is back'],
    ['9c4', 'well after the window is back'],
  ] as const) {
    it(`${step}. a run started here ends ${when} from a slow reload: watched again, leading its history, its end told once`, async function () {
      this.timeout(SLOW * 6);
      const { page } = s;
      await ready(page, demo!);
      await showOnly(page, 'Data Platform', 'Integrations');
      await contextMenu(page, rowByLabel(page, ARCHIVE), 'Run Integration');
      await toast(page, `Started a run of “${ARCHIVE}”`);
      await dismissToasts(page);
      await expand(rowByLabel(page, ARCHIVE));
      const lead = async () => {
        const row = rowByLabel(page, ARCHIVE);
        const level = (await ariaNumber(row, 'aria-level')) + 1;
        return sideBar(page).getByRole('treeitem', { level }).first();
      };
      // The run under way leads the history; its row keeps its label (its start) once it has ended.
      const running = await eventually(
        async () => {
          const row = await lead();
          assert.match((await row.getAttribute('aria-label')) ?? '', /New|Queued|Running/);
          return labelOf(row);
        },
        QUICK,
        'the run under way to lead the history',
      );
      const ended = `The run of “${ARCHIVE}” succeeded`;
      await heldReload(page, async () => {
        if (when === 'before the window is back') demo!.advance(7_000);
      });
      if (when === 'just after the window is back') demo!.advance(7_000);
      await expand(rowByLabel(page, 'Data Platform'), SLOW);
      await expand(rowByLabel(page, 'Integrations'), SLOW);
      await expand(rowByLabel(page, ARCHIVE), SLOW);
      if (when === 'well after the window is back') {
        // Watched again: the row spins, the status bar counts it, and it leads its history.
        await rowByLabel(page, ARCHIVE).locator('.codicon-modifier-spin').waitFor({ timeout: SLOW });
        await page.locator('.statusbar-item').filter({ hasText: '1 running' }).first().waitFor({ timeout: QUICK });
        await eventually(
          async () => {
            const row = await lead();
            assert.match((await row.getAttribute('aria-label')) ?? '', /New|Queued|Running/);
            assert.equal(await labelOf(row), running);
          },
          QUICK,
          'the run under way to lead the history after the reload',
        );
        await s.screenshot(`${step}-watched-again-after-reload`);
        demo!.advance(7_000);
      }
      await toast(page, ended);
      await eventually(
        async () => {
          const row = await lead();
          assert.match((await row.getAttribute('aria-label')) ?? '', /Succeeded/);
          assert.equal(await labelOf(row), running, 'the run that ended, not the one before it');
        },
        SLOW,
        'the ended run to lead the history',
      );
      // The item's own row tells it once its history is folded (while its rows are on screen it is
      // not drawn again: VS Code would forget them), whenever the end came.
      await rowByLabel(page, ARCHIVE).click();
      await page.keyboard.press('ArrowLeft');
      await eventually(async () => assert.match((await rowByLabel(page, ARCHIVE).getAttribute('aria-label')) ?? '', /Succeeded/), QUICK, 'the row to tell it');
      assert.equal(await page.locator('.statusbar-item').filter({ hasText: 'running' }).count(), 0, 'nothing counted as running');
      await s.screenshot(`${step}-ended-told-once`);
      assert.equal(await page.locator('.notification-toast').filter({ hasText: ended }).count(), 1, 'its end told once');
      await noErrorToast(page);
      await dismissToasts(page);
    });
  }

  it('9d. a run started outside while its integration is open in a panel and a log: Refresh finds it, the panel goes live, a reload keeps it, Kill declined sends nothing and asked again kills it', async function () {
    this.timeout(SLOW * 6);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
    const row = rowByLabel(page, ARCHIVE);
    // Its panel, and its newest run's log beside it.
    await contextMenu(page, row, 'Open Panel');
    const view = webview(page);
    await view.locator('h1', { hasText: ARCHIVE }).waitFor({ timeout: SLOW });
    await contextMenu(page, await firstRunOf(page, ARCHIVE), 'Open Log');
    const logTab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: new RegExp(`^Run \\d+ · ${re(ARCHIVE)}\\.log`) });
    await logTab.first().waitFor({ timeout: QUICK });
    assert.equal(await view.locator('.live').count(), 0, 'nothing under way yet');

    // A colleague starts a run through the service's own HTTP API; the person presses Refresh on the row.
    const { runId } = await startRunOverHttp(demo!, ARCHIVE_ID);
    await contextMenu(page, rowByLabel(page, ARCHIVE), 'Refresh');
    await showTab(page, new RegExp(`^${re(ARCHIVE)}$`));
    await view.locator('.live', { hasText: `Run ${runId}` }).waitFor({ timeout: QUICK });
    const level = (await ariaNumber(rowByLabel(page, ARCHIVE), 'aria-level')) + 1;
    const lead = sideBar(page).getByRole('treeitem', { level }).first();
    await eventually(
      async () => assert.match((await lead.getAttribute('aria-label')) ?? '', /New|Queued|Running/),
      QUICK,
      'the run under way to lead the history',
    );
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /1 running/ })
      .first()
      .waitFor({ timeout: QUICK });
    await s.screenshot('09h-outside-run-panel-live');

    // The window reloads mid-run: the panel comes back live, the log with its text.
    await reloadWindow(page);
    await showTab(page, new RegExp(`^${re(ARCHIVE)}$`));
    await webview(page)
      .locator('.live', { hasText: `Run ${runId}` })
      .waitFor({ timeout: SLOW });
    await s.screenshot('09i-panel-live-after-reload');
    await logTab.first().click();
    await page.locator('.part.editor .monaco-editor .view-lines').filter({ hasText: /INFO/ }).first().waitFor({ timeout: SLOW });
    await restMouse(page);

    // Kill: the person says no, and nothing is sent; asks again, says yes, and one kill is sent.
    const kills = () => demo!.stats.byOperation['killIntegrationRun'] ?? 0;
    const before = kills();
    await showTab(page, new RegExp(`^${re(ARCHIVE)}$`));
    const panel = webview(page);
    const dialog = page.locator('.monaco-dialog-box');
    await panel.locator('.live button').filter({ hasText: /^Kill/ }).click();
    await dialog.filter({ hasText: `Kill the run of “${ARCHIVE}”?` }).waitFor({ timeout: QUICK });
    await s.screenshot('09j-kill-asks');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: QUICK });
    await panel.locator('.live', { hasText: `Run ${runId}` }).waitFor({ timeout: QUICK });
    assert.equal(kills(), before, 'a declined Kill sends nothing');
    await panel.locator('.live button').filter({ hasText: /^Kill/ }).click();
    await dialog.getByRole('button', { name: 'Kill' }).click();
    await toast(page, `The run of “${ARCHIVE}” was canceled (run ${runId}`);
    assert.equal(kills() - before, 1, 'one kill, once confirmed');
    await panel.locator('.live').waitFor({ state: 'detached', timeout: QUICK });
    await panel.locator('table.entries tbody tr').first().filter({ hasText: 'Canceled' }).waitFor({ timeout: QUICK });
    await s.screenshot('09k-killed');
    await noErrorToast(page);
    await dismissToasts(page);
    await runCommand(page, 'View: Close All Editors');
  });

  it('10. disables an endpoint from its context menu, and enables it again', async function () {
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Endpoints');
    const endpoint = rowByLabel(page, 'Warehouse OData');
    assert.match((await endpoint.getAttribute('aria-label')) ?? '', /\bactive$/);
    for (const [command, after] of [
      ['Disable Endpoint', /inactive$/],
      ['Enable Endpoint', /\bactive$/],
    ] as const) {
      await contextMenu(page, endpoint, command);
      await toast(page, `“Warehouse OData” ${command.startsWith('Disable') ? 'disabled' : 'enabled'}`);
      await eventually(async () => assert.match((await endpoint.getAttribute('aria-label')) ?? '', after), QUICK, `the endpoint to read ${after}`);
      await s.screenshot(`10-${command.startsWith('Disable') ? 'a-disabled' : 'b-enabled'}-endpoint`);
    }
    await dismissToasts(page);
  });

  it('11. tests an agent with its inline button and shows the verdict on the row', async function () {
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Agents');
    const agent = rowByLabel(page, 'warehouse-agent-01');
    await agent.hover();
    await agent.locator('[aria-label="Test Agent"]').click();
    await toast(page, 'Test of “warehouse-agent-01” passed');
    await eventually(async () => assert.match((await agent.getAttribute('aria-label')) ?? '', /passed/), QUICK, 'the row to say passed');
    const green = await themeColor(page, 'testing-iconPassed');
    assert.equal(await agent.locator('.custom-view-tree-node-item-icon').evaluate((el) => getComputedStyle(el).color), green);
    await s.screenshot('11-agent-tested');
    await dismissToasts(page);
  });

  it('12. invites a user through the multi-step input, and the invitation appears', async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page, demo!);
    await collapseAll(page);
    await contextMenu(page, sideBar(page).getByRole('treeitem').first(), 'Invite User…');
    const input = quickInput(page);
    const box = input.locator('input.input');
    await box.waitFor({ timeout: QUICK });
    // A wrong e-mail is refused as typed, before anything is sent.
    await box.pressSequentially('not-an-email');
    await input.filter({ hasText: 'Enter an e-mail address' }).waitFor({ timeout: QUICK });
    await s.screenshot('12a-invite-bad-email');
    await box.fill('');
    await box.pressSequentially(INVITEE);
    await box.press('Enter');
    await input.getByRole('option', { name: /^Member/ }).click();
    // Workspaces: a multi-select; tick Data Platform, then OK.
    const dataPlatform = input.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Data Platform' });
    await dataPlatform.waitFor({ timeout: QUICK });
    await dataPlatform.locator('.quick-input-list-checkbox, input[type=checkbox], .monaco-custom-toggle').first().click();
    await input.filter({ hasText: '1 Selected' }).waitFor({ timeout: QUICK });
    await s.screenshot('12b-invite-workspaces');
    await box.press('Enter');
    await input.getByRole('option', { name: /^Developer/ }).click();
    await toast(page, `Invited ${INVITEE}`);
    const invitations = rowByLabel(page, 'Invitations');
    await expand(invitations);
    await rowByLabel(page, INVITEE).waitFor({ timeout: QUICK });
    await s.screenshot('12c-invitation-listed');
    await dismissToasts(page);
  });

  it('13. opens a failed run’s log: errors in red, their count in the status bar, Go to First Error', async function () {
    const { page } = s;
    await ready(page, demo!);
    const firstRun = await firstRunOf(page, BROKEN);
    await contextMenu(page, firstRun, 'Open Log');
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: /^Run \d+ · Legacy ERP Sync \(broken\)\.log/ });
    await tab.first().waitFor({ timeout: QUICK });
    const errors = page.locator('.statusbar-item').filter({ hasText: /\d+ errors?/ });
    await errors.first().waitFor({ timeout: QUICK });
    // The grammar marks failures "invalid": the theme paints them red.
    const editor = page.locator('.part.editor .monaco-editor .view-lines');
    const failedRecord = editor.locator('span[class*="mtk"]', { hasText: /record\s\d+\sfailed/ }).first();
    await failedRecord.waitFor({ timeout: QUICK });
    assert.notEqual(
      await failedRecord.evaluate((el) => getComputedStyle(el).color),
      await editor
        .locator('span[class*="mtk"]', { hasText: /Connecting\sto\ssource/ })
        .first()
        .evaluate((el) => getComputedStyle(el).color),
      'a failure is coloured apart from plain lines',
    );
    // The first failure of this log is on line 7 (six lines of start-up and throttling before it).
    const firstError =
      (await editor.innerText())
        .replace(/\u00a0/g, ' ')
        .split('\n')
        .findIndex((l) => /\bERROR\b/.test(l)) + 1;
    await goToFirstError(page);
    await page
      .locator('.statusbar-item')
      .filter({ hasText: new RegExp(`Ln ${firstError},`) })
      .first()
      .waitFor({ timeout: QUICK });
    await s.screenshot('13-run-log');
  });

  it('14. the integration panel: Failed only and Last 30 days filter its runs, a chart point opens a run, the run its log, Go to First Error', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await ready(page, demo!);
    // The request log of step 8 makes room: panels get the editor's full height.
    const bottom = page.locator('.part.panel');
    if (await bottom.isVisible()) await bottom.locator('[aria-label^="Hide Panel"]').click();
    await bottom.waitFor({ state: 'hidden', timeout: QUICK });
    await showOnly(page, 'Data Platform', 'Integrations');
    await contextMenu(page, rowByLabel(page, BIG), 'Open Panel');
    const view = webview(page);
    await view.locator('h1', { hasText: BIG }).waitFor({ timeout: SLOW });
    await view.locator('.chart canvas').first().waitFor({ timeout: QUICK });
    const rows = view.locator('table.entries tbody tr');
    await eventually(async () => assert.equal(await rows.count(), PAGE_SIZE), QUICK, 'a page of runs in the table');
    await restMouse(page);
    await s.screenshot('14a-integration-panel');

    // Failed only, then the last 30 days: the service filters, the table and the chart follow.
    await view.getByRole('checkbox', { name: 'Failed only' }).click();
    await eventually(async () => assert.ok(await onlyFailed(view), 'every row Failed'), QUICK, 'only failed runs');
    await view.locator('select.range').selectOption('30d');
    await eventually(
      async () => {
        assert.equal(await view.locator('select.range').inputValue(), '30d');
        assert.equal(await view.locator('.spinner').count(), 0, 'loaded');
        assert.ok(await onlyFailed(view), 'every row Failed');
        assert.ok((await rows.count()) < PAGE_SIZE, 'fewer than a page: a month of failures');
        assert.match((await view.locator('.chart').getAttribute('aria-label')) ?? '', /failed, marked in red/);
      },
      QUICK,
      'the failed runs of the last 30 days',
    );
    // Hovering the chart names the run under the cursor; a click opens it.
    const plot = view.locator('.chart .u-over');
    const box = await plot.boundingBox();
    assert.ok(box, 'the chart is on screen');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    const tip = view.locator('.chart-tip');
    await tip.waitFor({ state: 'visible', timeout: QUICK });
    assert.match((await tip.textContent()) ?? '', / · Failed · /, 'the run under the cursor, a failed one');
    await s.screenshot('14b-integration-panel-failed-30-days');
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);

    const run = webview(page);
    await run.locator('h1', { hasText: /^Run \d+$/ }).waitFor({ timeout: QUICK });
    await run.locator('.title-row .pill', { hasText: 'Failed' }).waitFor({ timeout: QUICK });
    await run.locator('.parent', { hasText: `of ${BIG}` }).waitFor({ timeout: QUICK });
    const runTitle = (await run.locator('h1').textContent()) ?? '';
    const runId = /^Run (\d+)/.exec(runTitle)?.[1];
    await run.locator('dt', { hasText: 'First error' }).waitFor({ timeout: QUICK });
    await s.screenshot('14c-run-panel');

    await run.locator('button.button', { hasText: 'Open Log' }).click();
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: new RegExp(`^Run ${runId} · ${re(BIG)}\\.log`) });
    await tab.first().waitFor({ timeout: QUICK });
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /\d+ errors?/ })
      .first()
      .waitFor({ timeout: QUICK });
    await goToFirstError(page);
    await s.screenshot('14d-run-log-first-error');
  });

  it('14e. a run that succeeded but not as usual: its row says why beside a warning, its panel’s table and chart mark it in amber', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Data Platform', 'Integrations');
    const big = rowByLabel(page, BIG);
    await expand(big);
    // As a screen reader hears it: the outcome first, then that it was not as usual, then why.
    const odd = treeRow(page, /^Succeeded run, unusual, /);
    await odd.first().waitFor({ timeout: QUICK });
    assert.match((await odd.first().getAttribute('aria-label')) ?? '', /Unusual: 0 rows written, usually about [\d,]+, Succeeded, /);
    assert.match((await odd.first().locator('.custom-view-tree-node-item-icon').getAttribute('class')) ?? '', /codicon-warning/);
    assert.equal(await odd.count(), 1, 'one of the first page');
    await odd.first().hover();
    await page
      .locator('.monaco-hover')
      .filter({ hasText: /Unusual/ })
      .first()
      .waitFor({ timeout: QUICK });
    await s.screenshot('14e-unusual-run-in-tree');
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');

    // Its panel as it first opens (one left open by an earlier step keeps the filter it was given).
    await runCommand(page, 'View: Close All Editors');
    await contextMenu(page, big, 'Open Panel');
    const view = webview(page);
    await view.locator('h1', { hasText: BIG }).waitFor({ timeout: SLOW });
    await view.locator('.chart canvas').first().waitFor({ timeout: QUICK });
    const rows = view.locator('table.entries tbody tr');
    await eventually(async () => assert.equal(await rows.count(), PAGE_SIZE), QUICK, 'a page of runs in the table');
    assert.match((await view.locator('.chart').getAttribute('aria-label')) ?? '', /1 succeeded unusually, marked in amber\./);
    const unusualRow = rows.filter({ hasText: /Unusual: 0 rows written/ });
    assert.equal(await unusualRow.count(), 1);
    assert.equal(await unusualRow.locator('.pill.tone-warning').count(), 1, 'its state in amber');
    // Its point on the chart: the rows are newest first, the chart's time axis oldest first.
    const at = await rows.evaluateAll((trs) => trs.findIndex((tr) => /Unusual:/.test(tr.textContent ?? '')));
    const plot = view.locator('.chart .u-over');
    const box = await plot.boundingBox();
    assert.ok(box, 'the chart is on screen');
    const tip = view.locator('.chart-tip');
    await eventually(
      async () => {
        await page.mouse.move(box.x + (box.width * (PAGE_SIZE - 1 - at)) / (PAGE_SIZE - 1), box.y + box.height * 0.5);
        await tip.waitFor({ state: 'visible', timeout: 1_000 });
        assert.match((await tip.textContent()) ?? '', / · Unusual: 0 rows written, usually about [\d,]+ · /);
      },
      QUICK,
      'the chart names the unusual run under the cursor',
    );
    await s.screenshot('14f-unusual-run-in-panel');
  });

  it('15. a hostile name stays text in its panel', async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page, demo!);
    await showOnly(page, 'Personal', 'Integrations');
    const hostile = treeRow(page, /^Scratch <img/);
    await contextMenu(page, hostile.first(), 'Open Panel');
    const view = webview(page);
    const title = view.locator('h1', { hasText: '<img src=x onerror=alert(1)>' });
    await title.waitFor({ timeout: SLOW });
    await view.locator('table.entries tbody tr').first().waitFor({ timeout: QUICK });
    assert.equal(await view.locator('img').count(), 0, 'the markup in the name made no element');
    assert.equal(await view.locator('a').count(), 0, 'the URL in the name made no link');
    await restMouse(page);
    await s.screenshot('15-hostile-name-panel');
  });

  it('16. every kind of panel in light, dark and high-contrast themes', async function () {
    this.timeout(SLOW * 6);
    const { page } = s;
    await ready(page, demo!);
    // The integration and run panels of step 14, opened here should that step not have got so far,
    // and kept open: the panels opened below would show in a preview one.
    const bigTab = new RegExp(`^${re(BIG)}$`);
    if (await hasTab(page, bigTab)) {
      await showTab(page, bigTab);
      await keepOpen(page);
    } else await openPanel(page, 'Integrations', BIG);
    if (await hasTab(page, /^Run \d+ · Failed$/)) {
      await showTab(page, /^Run \d+ · Failed$/);
      await keepOpen(page);
    } else {
      await (await firstRunOf(page, BROKEN)).click();
      await webview(page)
        .locator('h1', { hasText: /^Run \d+$/ })
        .waitFor({ timeout: SLOW });
      await keepOpen(page);
    }
    // Open the backup, automation and endpoint panels beside them, and from each the newest entry
    // of its history: a snapshot, an execution, a request.
    const REQUEST = /^(GET|POST|PUT|PATCH|DELETE|MERGE) \S/; // ids may hold spaces
    const items = [
      ['Backups', 'Snowflake Metadata Backup', /^Snapshot \d+$/],
      ['Automations', 'Order webhook → Slack alert', /^Execution \d+$/],
      ['Endpoints', 'Warehouse OData', REQUEST],
    ] as const;
    for (const [category, name, entry] of items) await openPanel(page, category, name, entry);
    const panels: [kind: string, tab: RegExp, heading: string | RegExp, chart: boolean][] = [
      ['integration', new RegExp(`^${re(BIG)}$`), BIG, true],
      ['run', /^Run \d+ · Failed$/, /^Run \d+$/, false],
      ['backup', /^Snowflake Metadata Backup$/, 'Snowflake Metadata Backup', true],
      ['snapshot', /^Snapshot \d+ · \w+$/, /^Snapshot \d+$/, false],
      ['automation', /^Order webhook → Slack alert$/, 'Order webhook → Slack alert', true],
      ['execution', /^Execution \d+ · \w+$/, /^Execution \d+$/, false],
      ['endpoint', /^Warehouse OData$/, 'Warehouse OData', true],
      ['request', REQUEST, REQUEST, false],
    ];
    for (const [theme, slug] of [
      ['Light Modern', 'light'],
      ['Dark Modern', 'dark'],
      ['Dark High Contrast', 'high-contrast'],
    ] as const) {
      await setTheme(page, theme);
      for (const [kind, tab, heading, chart] of panels) {
        await showTab(page, tab);
        const view = webview(page);
        await view.locator('h1', { hasText: heading }).waitFor({ timeout: QUICK });
        if (chart) await view.locator('.chart canvas').first().waitFor({ timeout: QUICK });
        await s.screenshot(`16-${kind}-panel-${slug}`);
        // Accessibility, as axe-core sees the panel in this theme (contrast differs by theme).
        const violations = await axeViolations(page);
        const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        console.log(
          `      axe: ${kind} panel, ${slug}: ${violations.length ? violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`,
        );
        assert.deepEqual(grave, [], `serious or critical accessibility violations in the ${kind} panel (${slug}): ${JSON.stringify(grave)}`);
        // A keyboard walk through its history's buttons: each says which entry it acts on.
        if (chart && slug === 'light') {
          const names = await keyboardWalk(page);
          console.log(`      keyboard: ${kind} panel's table, ${names.length} buttons, first ${JSON.stringify(names.slice(0, 2))}`);
          assert.ok(names.length >= 4, `the ${kind} panel's table has buttons to walk: ${names.length}`);
          assert.equal(new Set(names).size, names.length, `no two buttons of the ${kind} panel's table say the same: ${JSON.stringify(names)}`);
          for (const name of names) assert.match(name, /^Open (the log of )?(run|snapshot|execution|request) \S/, `a button names its entry: ${name}`);
        }
      }
    }
  });

  it('17. panels, a log and a details tab come back with their content after the window reloads', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    // The panels of step 16 this step looks at, opened here should that step not have got so far.
    if (!(await hasTab(page, /^Warehouse OData$/))) await openPanel(page, 'Endpoints', 'Warehouse OData');
    if (!(await hasTab(page, /^Snapshot \d+ · \w+$/))) await openPanel(page, 'Backups', 'Snowflake Metadata Backup', /^Snapshot \d+$/);
    // A failed run's details and its log, open beside the panels.
    const firstRun = await firstRunOf(page, BROKEN);
    await contextMenu(page, firstRun, 'Show Details');
    const detailsTab = /^Run \d+ · Failed\.md/;
    await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: detailsTab }).first().waitFor({ timeout: QUICK });
    await contextMenu(page, firstRun, 'Open Log');
    const logTab = new RegExp(`^Run \\d+ · ${re(BROKEN)}\\.log`);
    await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: logTab }).first().waitFor({ timeout: QUICK });
    await reloadWindow(page);
    // The log was on show, so it comes back first: it reads its run again from the ref its
    // address carries — its content, not "no longer available".
    const editor = page.locator('.part.editor .monaco-editor .view-lines');
    await editor
      .filter({ hasText: /ERROR/ })
      .first()
      .waitFor({ timeout: SLOW * 2 });
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /\d+ errors?/ })
      .first()
      .waitFor({ timeout: QUICK });
    assert.match(await page.locator('.part.editor .tabs-container [role=tab].active').innerText(), logTab);
    await s.screenshot('17-log-after-reload');
    // Each panel is restored when its tab is brought forward.
    await showTab(page, /^Warehouse OData$/);
    const view = webview(page);
    await view.locator('h1', { hasText: 'Warehouse OData' }).waitFor({ timeout: SLOW });
    await view.locator('table.entries tbody tr').first().waitFor({ timeout: QUICK });
    await view.locator('.chart canvas').first().waitFor({ timeout: QUICK });
    await s.screenshot('17-panel-after-reload');
    // An entry's panel comes back naming its item, from the state its webview saved.
    await showTab(page, /^Snapshot \d+ · \w+$/);
    await webview(page).locator('.parent', { hasText: 'of Snowflake Metadata Backup' }).waitFor({ timeout: SLOW });
    // The details, too, read their run again when their tab is brought forward.
    await showTab(page, detailsTab);
    const details = editor.filter({ hasText: 'As returned by the API' }).first();
    await details.waitFor({ timeout: SLOW });
    assert.match((await details.innerText()).replace(/\u00a0/g, ' '), /# Run \d+ · Failed/);
    assert.equal(await editor.filter({ hasText: /no longer available|cannot be read/ }).count(), 0);
    await s.screenshot('17-details-after-reload');
  });

  it('17b. the account at a glance: two integrations pinned, a scheduled failure told, Compare with Last Success, the Failures view, Export History', async function () {
    this.timeout(SLOW * 10);
    const { page } = s;
    await ready(page, demo!);
    const service = demo as DemoService;
    await setTheme(page, 'Light Modern');
    await runCommand(page, 'View: Close All Editors');
    // Pin from the items' own menus, in two workspaces.
    await showOnly(page, 'Finance', 'Integrations');
    await contextMenu(page, rowByLabel(page, STRIPE), 'Pin');
    await showOnly(page, 'Data Platform', 'Integrations');
    await contextMenu(page, rowByLabel(page, ARCHIVE), 'Pin');
    await collapseAll(page);
    const pinned = rowByLabel(page, 'Pinned');
    await expand(pinned);
    const level = (await ariaNumber(pinned, 'aria-level')) + 1;
    const pinnedRows = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`);
    const labelOf = async (i: number) => (await pinnedRows.nth(i).getAttribute('aria-label')) ?? '';
    await eventually(
      async () => assert.deepEqual([(await labelOf(0)).startsWith(STRIPE), (await labelOf(1)).startsWith(ARCHIVE)], [true, true]),
      QUICK,
      'the two pinned rows, in the order pinned',
    );
    const status = page.locator('.part.statusbar .statusbar-item').filter({ hasText: /\d+ (pinned|of \d+ failed)$/ });
    await status.first().waitFor({ timeout: QUICK });
    await restMouse(page);
    await s.screenshot('17b-pinned-light');

    // Schedules run while nobody looks: the clock moves on until one of Stripe's scheduled runs failed.
    await controlOverHttp(service, 'schedules', { on: true });
    let failedRun: { runId: number } | undefined;
    for (let i = 0; i < 64 && !failedRun; i++) {
      service.advance(6 * 3_600_000);
      const newest = await newestRunOverHttp(service, STRIPE_ID);
      if (newest.state === 'Failed') failedRun = newest;
    }
    assert.ok(failedRun, 'a scheduled run of Stripe failed');
    // Refresh on the Pinned group: its watcher looks at each pinned item now.
    await pinned.hover();
    await pinned.locator('.action-label[aria-label^="Refresh"]').click();
    const told = page.locator('.notification-toast').filter({ hasText: `A run of pinned “${STRIPE}” failed: run ${failedRun.runId}` });
    await told.first().waitFor({ timeout: SLOW });
    await eventually(async () => assert.match(await status.first().innerText(), /1 of 2 failed$/), QUICK, 'the status bar to count the failure');
    await restMouse(page);
    await s.screenshot('17c-scheduled-failure-told-light');

    // Compare with Last Success, from the notification: the last good run's log beside this one's.
    await told.first().getByRole('button', { name: 'Compare with Last Success' }).click();
    const diffTab = page
      .locator('.part.editor .tabs-container [role=tab]')
      .filter({ hasText: new RegExp(`^Run \\d+ \\(last success\\) ↔ Run ${failedRun.runId}`) });
    await diffTab.first().waitFor({ timeout: SLOW });
    const diff = page.locator('.part.editor .monaco-diff-editor').first();
    // The failed run is the one edited into the last success (side by side, or inline where the
    // window is narrow). Its figures that change from run to run are masked (times, ids, counts),
    // so what is marked is what is new in kind: its first line reads the same as the success's.
    // (Where the diff is inline, the lines the success had stand in the modified editor as zones of their own, `.line-delete`.)
    const modified = diff.locator('.editor.modified .view-lines:not(.line-delete)');
    await modified.filter({ hasText: 'INFO  Run # ' }).waitFor({ timeout: QUICK });
    assert.ok((await diff.locator('.line-insert, .char-insert').count()) > 0, 'the diff marks what the failed run added');
    await restMouse(page);
    await s.screenshot('17d-compare-masked');
    // The title bar's eye shows the logs as logged: each line's time since its run's start, the run's id.
    await page.locator('.part.editor').getByRole('button', { name: 'Compare the Logs as Logged' }).first().click();
    await modified.filter({ hasText: `+00:00:00.000 INFO  Run ${failedRun.runId} ` }).waitFor({ timeout: QUICK });
    assert.ok((await diff.locator('.line-insert, .char-insert').count()) > 0, 'the diff marks what the failed run added');
    assert.ok((await diff.locator('.line-delete, .char-delete').count()) > 0, 'and what it no longer has');

    // The Failures view lists it, with the account's other failures of the day.
    await sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' }).click();
    const failures = sideBar(page)
      .locator('.pane')
      .filter({ has: page.locator('.pane-header', { hasText: 'Failures' }) });
    await failures.getByRole('treeitem', { name: /^\d+ failed in the last 24 hours/ }).waitFor({ timeout: SLOW });
    const stripeFailure = failures.getByRole('treeitem', { name: new RegExp(`^${re(STRIPE)} Failed`) }).first();
    await stripeFailure.waitFor({ timeout: QUICK });
    await restMouse(page);
    await s.screenshot('17d-compare-and-failures-light');
    await setTheme(page, 'Dark Modern');
    await restMouse(page);
    await s.screenshot('17d-compare-and-failures-dark');
    await collapsePane(page, 'Failures');

    // Export History… on the pinned row, through the save dialog, as CSV: read back against the service.
    const file = path.join(RESULTS_DIR, 'stripe-runs.csv');
    fs.rmSync(file, { force: true });
    await contextMenu(page, rowByLabel(page, STRIPE).first(), 'Export History…');
    const dialog = quickInput(page);
    await dialog.waitFor({ timeout: QUICK });
    const pathBox = dialog.locator('input.input');
    // The save dialog writes its suggested name into the box once it has read the folder: type
    // over it only then, and see that what was typed stayed.
    await eventually(async () => assert.match(await pathBox.inputValue(), /Stripe/), QUICK, 'the suggested file name');
    await eventually(
      async () => {
        if ((await pathBox.inputValue()) !== file) await pathBox.fill(file);
        assert.equal(await pathBox.inputValue(), file);
      },
      QUICK,
      'the path typed into the save dialog',
    );
    await s.screenshot('17e-export-save-dialog-dark');
    await dialog.locator('input.input').press('Enter');
    await toast(page, `runs of “${STRIPE}” to stripe-runs.csv`);
    await s.screenshot('17e-exported-dark');
    const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(header.slice(0, 4), ['Id', 'When', 'State', 'Details']);
    const all = await allRunIdsOverHttp(service, STRIPE_ID);
    assert.deepEqual(
      rows.map((r) => r[0]),
      all,
      'every run, newest first, ids as the service has them',
    );
    assert.equal(rows[0][0], String(failedRun.runId));
    assert.equal(rows[0][2], 'Failed');
    await controlOverHttp(service, 'schedules', { on: false });
    await dismissToasts(page);
    await setTheme(page, 'Light Modern');
  });

  it('17g. the Failures view grouped by cause: causes with their counts, a cause’s items and failures, a failure’s panel saying how often its cause occurred', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    await setTheme(page, 'Light Modern');
    await runCommand(page, 'View: Close All Editors');
    await collapseAll(page);
    // The explorer's pane folded away and the side bar wide: the causes' words have room.
    await resizeSideBar(page, 520);
    await collapsePane(page, 'Explorer');
    const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' });
    const failures = sideBar(page)
      .locator('.pane')
      .filter({ has: page.locator('.pane-header', { hasText: 'Failures' }) });
    try {
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      // The week, then the title bar's switch to causes (each button shows while it applies).
      await header.hover();
      const week = header.getByRole('button', { name: 'Failures of the Last 7 Days' });
      if (await week.isVisible()) await week.click();
      await header.hover();
      await header.getByRole('button', { name: 'Group Failures by Cause' }).click();
      const cause = failures.getByRole('treeitem', { name: /^(New cause|Cause): .+, (new · )?\d+ failures? in \d+ / }).first();
      await cause.waitFor({ timeout: SLOW * 2 });
      await failures.getByRole('treeitem', { name: /^Reading / }).waitFor({ state: 'hidden', timeout: SLOW * 2 });
      const causeLabel = (await cause.getAttribute('aria-label')) ?? '';
      const [, counted] = /, (?:new · )?(\d+) failures? in /.exec(causeLabel) ?? [];
      // Expanded: its items (shown expanded), then their failures — the same rows as when each is listed.
      await expand(cause);
      const level = await ariaNumber(cause, 'aria-level');
      const failure = failures.locator(`[role=treeitem][aria-level="${level + 2}"]`).first();
      await failure.waitFor({ timeout: QUICK });
      assert.match((await failure.getAttribute('aria-label')) ?? '', /Failed/);
      // Over the editor, where no hover opens (the side bar's rest point is on this pane).
      await page.mouse.move(800, 400);
      await page.locator('.workbench-hover').first().waitFor({ state: 'hidden', timeout: QUICK });
      await s.screenshot('17g-failures-by-cause-light');
      await picture(failures, { readme: 'causes' });
      // Its panel says how often its cause occurred in the week, from what the view read.
      await failure.click();
      const panel = webview(page);
      const same = panel.locator('dt', { hasText: 'Same cause' });
      await same.waitFor({ timeout: SLOW });
      const said = await panel.locator('dt:has-text("Same cause") + dd').innerText();
      assert.match(said, new RegExp(`^(new · )?${counted} failures? in \\d+ .+ \\(the Failures view, last 7 days\\)$`), said);
      await restMouse(page);
      await s.screenshot('17g-failure-panel-same-cause-light');
      await setTheme(page, 'Dark Modern');
      await restMouse(page);
      await s.screenshot('17g-failures-by-cause-dark');
    } finally {
      // Back as the other steps find the view, however this one ended: each failure listed, the
      // last 24 hours, the Failures view folded and the explorer open.
      await setTheme(page, 'Light Modern');
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      await header.hover();
      const listEach = header.getByRole('button', { name: 'List Each Failure' });
      if (await listEach.isVisible()) await listEach.click();
      await runCommand(page, 'Skyvia: Failures of the Last 24 Hours');
      await collapsePane(page, 'Failures');
      const explorer = sideBar(page).locator('.pane-header').filter({ hasText: 'Explorer' });
      if ((await explorer.getAttribute('aria-expanded')) !== 'true') await explorer.click();
      await runCommand(page, 'View: Close All Editors');
    }
  });

  it('17i. a run that fails while the Failures view shows joins it as it ends, with no Refresh', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    await runCommand(page, 'View: Close All Editors');
    const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' });
    const failures = sideBar(page)
      .locator('.pane')
      .filter({ has: page.locator('.pane-header', { hasText: 'Failures' }) });
    const { integrationId } = DEMO_FIXTURES.integrations.noSchedule;
    const name = 'Shopify Webhook Loader';
    try {
      // Its next run will fail; the person runs it from the tree (the Failures view folded, as the
      // explorer has the side bar), and it is under way.
      await controlOverHttp(demo!, 'failure', { integrationId, message: 'Timeout expired while writing batch 3 to dbo.Orders.' });
      await collapsePane(page, 'Failures');
      await showOnly(page, 'Data Platform', 'Integrations');
      await contextMenu(page, rowByLabel(page, name), 'Run Integration');
      await toast(page, `Started a run of “${name}”`);
      // Then the Failures view opened and read (the last 24 hours): none of this integration's runs failed.
      await header.click();
      await failures.getByRole('treeitem', { name: /failed in the last 24 hours/ }).waitFor({ timeout: SLOW * 2 });
      await failures.getByRole('treeitem', { name: /^Reading / }).waitFor({ state: 'hidden', timeout: SLOW * 2 });
      const summary = async () => (await failures.getByRole('treeitem', { name: /failed in the last 24 hours/ }).getAttribute('aria-label')) ?? '';
      const [, before] = /^(\d+) /.exec(await summary()) ?? [];
      assert.equal(await failures.getByRole('treeitem', { name: new RegExp(`^${re(name)}`) }).count(), 0, `no failure of ${name} listed yet`);
      // The demo's clock ends the run, failed.
      demo!.advance(7_000);
      await toast(page, `The run of “${name}” failed`);
      // No Refresh: its failure is listed, and the view's count says one more.
      const row = failures.getByRole('treeitem', { name: new RegExp(`^${re(name)}.*Failed`) });
      await row.first().waitFor({ timeout: QUICK });
      await eventually(async () => assert.match(await summary(), new RegExp(`^${Number(before) + 1} `)), QUICK, 'the count of failures, one more');
      assert.equal(await failures.getByRole('treeitem', { name: /^Reading / }).count(), 0, 'nothing read again');
      await restMouse(page);
      await s.screenshot('17i-failure-taken-in');
    } finally {
      await dismissToasts(page);
      await collapsePane(page, 'Failures');
    }
  });

  it('17f. the account shows in VS Code’s Accounts menu; Sign Out there signs out of the tree; signing in again brings it back', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page, demo!);
    const host = new URL(demo!.url).host;
    await rowByLabel(page, host).waitFor({ timeout: SLOW });
    const menu = page.locator('.context-view .monaco-menu');
    const account = menu.getByRole('menuitem', { name: new RegExp(`${re(host)} \\(Skyvia\\)`) });
    await openAccountsMenu(page, account);
    await s.screenshot('17f-accounts-menu');
    await signOutInAccountsMenu(page, account, () => s.screenshot('17g-accounts-sign-out-asks'));
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: QUICK });
    await eventually(async () => assert.equal(await sideBar(page).getByRole('treeitem').count(), 0), QUICK, 'the tree to go away');
    // Signing in again, as anyone would: the welcome view's button, the base URL, the token.
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).click();
    const input = quickInput(page);
    await input.filter({ hasText: 'Sign in to Skyvia (1/2)' }).waitFor({ timeout: SLOW });
    const box = input.locator('input.input');
    await box.press('Enter');
    await input.filter({ hasText: /\(2\/2\)/ }).waitFor({ timeout: QUICK });
    await box.pressSequentially(demo!.token);
    await box.press('Enter');
    await rowByLabel(page, host).waitFor({ timeout: SLOW });
    await dismissToasts(page);
  });

  it('17h. adds a second account from the view’s title bar: two roots, a panel of each side by side, both in the Accounts menu, one signed out there', async function () {
    this.timeout(SLOW * 8);
    const { page } = s;
    await ready(page, demo!);
    // Another account's service: the same fixtures, so the same ids, on another port with another token.
    const second = await startDemoService({ port: 0, manualClock: true });
    try {
      const host = new URL(demo!.url).host;
      await runCommand(page, 'View: Close All Editors');
      await collapseAll(page);
      // The view's title bar: Add Account…, shown with the view's other actions.
      const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Explorer' });
      await header.hover();
      await header.getByRole('button', { name: /^Add Account/ }).click();
      const input = quickInput(page);
      await input.filter({ hasText: 'Sign in to Skyvia (1/2)' }).waitFor({ timeout: SLOW });
      const box = input.locator('input.input');
      await box.fill(second.url);
      await box.press('Enter');
      await input.filter({ hasText: /\(2\/2\)/ }).waitFor({ timeout: QUICK });
      await box.pressSequentially(second.token);
      await box.press('Enter');
      // Beside another account, the new one is named: its host offered, "Client B" typed.
      await input.filter({ hasText: 'Name the Skyvia account' }).waitFor({ timeout: SLOW });
      await box.fill('Client B');
      await box.press('Enter');
      const theirs = rowByLabel(page, 'Client B');
      await theirs.waitFor({ timeout: SLOW });
      const mine = rowByLabel(page, host);
      assert.match((await theirs.getAttribute('aria-label')) ?? '', /^Client B, Skyvia account at 127\.0\.0\.1:\d+$/);
      assert.equal(await mine.getAttribute('aria-label'), `${host}, Skyvia account`);
      await dismissToasts(page);

      // Both roots open: the same workspaces under each, told apart by their account.
      await expand(theirs);
      await eventually(async () => assert.equal(await rowByLabel(page, 'Data Platform').count(), 2), QUICK, 'Data Platform under each account');
      await restMouse(page);
      await s.screenshot('17h-two-accounts');

      // A panel of the same integration in each account, side by side, each tab saying whose.
      for (const [i, root] of [mine, theirs].entries()) {
        await collapseAll(page);
        if (i === 1) {
          await mine.locator('.monaco-tl-twistie').click();
          await expand(theirs);
        }
        await expand(rowByLabel(page, 'Data Platform'));
        await expand(rowByLabel(page, 'Integrations'));
        if (i === 1) await runCommand(page, 'View: Split Editor Right');
        await contextMenu(page, rowByLabel(page, BROKEN), 'Open Panel');
        await eventually(async () => assert.equal(await root.getAttribute('aria-expanded'), 'true'), QUICK, 'its root open');
      }
      await eventually(async () => assert.equal(await page.locator('iframe.webview.ready').count(), 2), SLOW, 'two panels on screen');
      const panels = page.frameLocator('iframe.webview.ready');
      for (const i of [0, 1]) await panels.nth(i).frameLocator('iframe#active-frame').locator('h1', { hasText: BROKEN }).waitFor({ timeout: SLOW });
      const tabs = page.locator('.part.editor .tabs-container [role=tab]');
      await tabs.filter({ hasText: `${BROKEN} · ${host}` }).waitFor({ timeout: QUICK });
      await tabs.filter({ hasText: `${BROKEN} · Client B` }).waitFor({ timeout: QUICK });
      await restMouse(page);
      await s.screenshot('17h-two-panels');

      // VS Code's Accounts menu lists both, each with its own Sign Out.
      const menu = page.locator('.context-view .monaco-menu');
      const entry = (name: string) => menu.getByRole('menuitem', { name: new RegExp(`^${re(name)} \\(Skyvia\\)`) });
      await openAccountsMenu(page, entry('Client B'));
      await entry(host).waitFor({ timeout: QUICK });
      // Each account once, by the name it has now (the name given at sign-in, not its host before).
      await eventually(async () => assert.equal(await menu.getByRole('menuitem', { name: /\(Skyvia\)/ }).count(), 2), QUICK, 'two Skyvia accounts in the menu');
      await s.screenshot('17h-accounts-menu-both');
      await signOutInAccountsMenu(page, entry('Client B'));
      // Client B's root and panel go; the first account stays, its panel open, its row as it always was.
      await theirs.waitFor({ state: 'detached', timeout: SLOW });
      await eventually(async () => assert.equal(await page.locator('iframe.webview.ready').count(), 1), SLOW, 'the signed-out account’s panel to close');
      await webview(page).locator('h1', { hasText: BROKEN }).waitFor({ timeout: QUICK });
      await eventually(async () => assert.equal(await mine.getAttribute('aria-label'), `${host} demo`), QUICK, 'one account: its row as before');
      await page
        .locator('.part.editor .tabs-container [role=tab]')
        .filter({ hasText: new RegExp(`^${re(BROKEN)}$`) })
        .waitFor({ timeout: QUICK });
      await s.screenshot('17h-one-signed-out');
      await dismissToasts(page);
      await runCommand(page, 'View: Close All Editors');
    } finally {
      await second.close();
    }
  });

  it('18. Sign Out from the Command Palette brings the welcome content back', async function () {
    const { page } = s;
    await ready(page, demo!);
    // Sign out the way a keyboard user does: the Command Palette.
    await page.keyboard.press('F1');
    const palette = quickInput(page);
    await palette.waitFor({ timeout: QUICK });
    await palette.locator('input.input').pressSequentially('Skyvia: Sign Out');
    await palette
      .getByRole('option', { name: /Skyvia: Sign Out/ })
      .first()
      .waitFor({ timeout: QUICK });
    await s.screenshot('18a-palette-sign-out');
    await palette.locator('input.input').press('Enter');
    await toast(page, 'Signed out of Skyvia; the token was removed from secret storage.');
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: QUICK });
    await eventually(async () => assert.equal(await sideBar(page).getByRole('treeitem').count(), 0), QUICK, 'the tree to go away');
    await s.screenshot('18b-signed-out');
  });
});

/**
 * Tabs through the buttons of the history table of the panel on show, from its first, as a
 * keyboard user does, and returns what a screen reader says of each (its accessible name).
 */
async function keyboardWalk(page: Page): Promise<string[]> {
  const view = webview(page);
  const first = view.locator('table.entries tbody button.button').first();
  await first.focus();
  const names: string[] = [];
  const total = await view.locator('table.entries tbody button.button').count();
  for (let i = 0; i < total; i++) {
    const focused = await first.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('table.entries tbody') ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : undefined;
    });
    if (focused === undefined) break;
    names.push(focused);
    await page.keyboard.press('Tab');
  }
  return names;
}

/** The document of the webview on show: VS Code's webview host frame, then its content frame. */
function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Brings an editor tab to the front by its label, then moves the mouse off it so its hover does not cover the page. */
async function showTab(page: Page, label: RegExp): Promise<void> {
  await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: label }).first().click();
  await restMouse(page);
}

/** Moves the mouse to the side bar's empty lower part, so no hover (tree, tab) covers a screenshot. */
async function restMouse(page: Page): Promise<void> {
  await page.mouse.move(300, 700);
  await page
    .locator('.workbench-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: QUICK })
    .catch(() => page.keyboard.press('Escape'));
}

/** Every state in the panel's runs table says Failed (and there is at least one). */
async function onlyFailed(view: FrameLocator): Promise<boolean> {
  const states = await view.locator('table.entries tbody tr .pill').allInnerTexts();
  return states.length > 0 && states.every((t) => t === 'Failed');
}

/** No toast tells of an error: the tree's own ("already registered", "No tree item") or ours. */
async function noErrorToast(page: Page): Promise<void> {
  const errors = page.locator('.notification-toast').filter({ hasText: /already registered|No tree item|Error/ });
  assert.equal(await errors.count(), 0, `no error toast: ${await errors.allInnerTexts()}`);
}

/** Starts a run as another client of the service would: its own HTTP API, not this window. */
async function startRunOverHttp(demo: DemoService, integrationId: number): Promise<{ runId: number }> {
  const res = await fetch(`${demo.url}/v1/workspaces/${DEMO_FIXTURES.workspaceId}/integrations/${integrationId}/executions`, {
    method: 'POST',
    headers: { Authorization: demo.token, Accept: 'application/json' },
  });
  assert.equal(res.status, 200, `starting a run over HTTP answered ${res.status}`);
  return (await res.json()) as { runId: number };
}

/** A tree row's label, without its description. */
async function labelOf(row: Locator): Promise<string> {
  return (await row.locator('.label-name').first().innerText()).trim();
}

/**
 * Developer: Reload Window on a slow machine: the new page is held back until `whileAway` has
 * run (the old window gone, the new one not yet there), then the workbench comes back.
 */
async function heldReload(page: Page, whileAway: () => Promise<void>): Promise<void> {
  const { pathname } = new URL(page.url());
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let away!: () => void;
  let isAway = false;
  const gone = new Promise<void>((resolve) => (away = resolve));
  const holdBack = (url: URL) => url.pathname === pathname;
  const handler = async (route: Route) => {
    isAway = true;
    away();
    await held;
    await route.continue();
  };
  await page.route(holdBack, handler);
  try {
    const reloaded = page.waitForEvent('load', { timeout: SLOW * 3 });
    reloaded.catch(() => undefined);
    await paletteCommand(page, 'Developer: Reload Window', () => isAway);
    await gone;
    await whileAway();
    release();
    await reloaded;
    await waitForWorkbench(page, SLOW * 2);
  } finally {
    release();
    await page.unroute(holdBack, handler);
  }
}

/** A demo control route, as another process reaches it: `/__demo/<route>`. */
async function controlOverHttp(demo: DemoService, route: string, body: unknown): Promise<void> {
  const res = await fetch(`${demo.url}/__demo/${route}`, {
    method: 'POST',
    headers: { Authorization: demo.token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `demo control ${route} answered ${res.status}`);
}

/** An integration of the Finance workspace's newest run, as another client reads it. */
async function newestRunOverHttp(demo: DemoService, integrationId: number): Promise<{ runId: number; state: string }> {
  const res = await fetch(`${demo.url}/v1/workspaces/${DEMO_FIXTURES.workspaces.finance}/integrations/${integrationId}/executions?take=1&sortOrder=desc`, {
    headers: { Authorization: demo.token },
  });
  return ((await res.json()) as { data: { runId: number; state: string }[] }).data[0];
}

/** Every run id of a Finance integration, newest first, as the service writes them. */
async function allRunIdsOverHttp(demo: DemoService, integrationId: number): Promise<string[]> {
  const ids: string[] = [];
  for (let skip = 0; ; skip += 200) {
    const text = await (
      await fetch(
        `${demo.url}/v1/workspaces/${DEMO_FIXTURES.workspaces.finance}/integrations/${integrationId}/executions?take=200&skip=${skip}&sortOrder=desc`,
        { headers: { Authorization: demo.token } },
      )
    ).text();
    ids.push(...[...text.matchAll(/"runId":\s*(\d+)/g)].map((m) => m[1]));
    if (!/"hasMore":\s*true/.test(text)) return ids;
  }
}

/** Runs a command from the Command Palette by its title, and waits for the palette to close. */
async function runCommand(page: Page, title: string): Promise<void> {
  await paletteCommand(page, title);
  await quickInput(page).waitFor({ state: 'hidden', timeout: QUICK });
}

/** Waits for a notification toast with this text to be on screen, its slide-in animation done. */
async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.notification-toast.notification-fade-in-done').filter({ hasText: text }).first().waitFor({ timeout: QUICK });
}

/** A theme colour (`--vscode-<name>`) as computed CSS `rgb(…)`, to compare with an element's colour. */
async function themeColor(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${variable})`;
    // The theme's variables are defined on the workbench element, not on <body>.
    (document.querySelector('.monaco-workbench') ?? document.body).appendChild(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, `--vscode-${name}`);
}

/** Picks a colour theme as a person does: Preferences: Color Theme, then its name. */
/** The first run of one of Data Platform's integrations, its history expanded and little else open. */
async function firstRunOf(page: Page, integration: string): Promise<Locator> {
  await showOnly(page, 'Data Platform', 'Integrations');
  const row = rowByLabel(page, integration);
  await expand(row);
  const level = (await ariaNumber(row, 'aria-level')) + 1;
  return sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`).first();
}

/**
 * What every step but the first starts from, whatever the step before it left (it may have failed
 * half-way): no dialog, quick input, menu or toast open; no run of the steps' integrations under
 * way (the demo's clock moved past it); the Skyvia view on screen; and, unless `signedIn` is
 * false, signed in — by typing the token into the welcome view's sign-in, as step 2 does, should
 * that step not have got so far.
 */
async function ready(page: Page, demo: DemoService, { signedIn = true }: { signedIn?: boolean } = {}): Promise<void> {
  for (const open of [page.locator('.monaco-dialog-box'), quickInput(page), page.locator('.context-view .monaco-menu')]) {
    for (let i = 0; i < 5 && (await open.first().isVisible()); i++) await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'hidden', timeout: QUICK });
  }
  await dismissToasts(page);
  for (const id of [ARCHIVE_ID, OUTSIDE_ID]) {
    const res = await fetch(`${demo.url}/v1/workspaces/${DEMO_FIXTURES.workspaceId}/integrations/${id}/executions/active`, {
      headers: { Authorization: demo.token },
    });
    if (res.status === 200) demo.advance(7_000);
  }
  const tab = page.getByRole('tab', { name: /^Skyvia/ });
  if ((await tab.getAttribute('aria-selected', { timeout: SLOW })) !== 'true') await tab.click();
  const signIn = sideBar(page).getByRole('button', { name: 'Sign in with an API token' });
  const account = rowByLabel(page, new URL(demo.url).host);
  await signIn.or(account).first().waitFor({ timeout: SLOW });
  if (!signedIn || !(await signIn.isVisible())) return;
  await signIn.click();
  const input = quickInput(page);
  await input.filter({ hasText: 'Sign in to Skyvia (1/2)' }).waitFor({ timeout: SLOW });
  await input.locator('input.input').press('Enter');
  await input.filter({ hasText: /\(2\/2\)/ }).waitFor({ timeout: QUICK });
  await input.locator('input.input').pressSequentially(demo.token);
  await input.locator('input.input').press('Enter');
  await account.waitFor({ timeout: SLOW });
  await dismissToasts(page);
}

/**
 * Signs out of an account from its entry in VS Code's open Accounts menu: its submenu's Sign Out,
 * then VS Code's question (`asked` runs while it is on screen), answered Sign Out.
 */
async function signOutInAccountsMenu(page: Page, entry: Locator, asked?: () => Promise<unknown>): Promise<void> {
  await entry.hover();
  // The submenu takes its item under the pointer as the one focused; Enter chooses it (a click
  // landing while the submenu still slides in can be lost).
  const signOut = page.locator('.context-view .monaco-menu').getByRole('menuitem', { name: /^Sign Out/ });
  await signOut.waitFor({ timeout: QUICK });
  await signOut.hover();
  await eventually(
    async () => assert.ok(await signOut.evaluate((el) => el === document.activeElement || !!el.closest('.focused')), 'Sign Out focused'),
    QUICK,
    'Sign Out to be focused',
  );
  await page.keyboard.press('Enter');
  // VS Code asks before it signs out of an account.
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: QUICK });
  await asked?.();
  await dialog.getByRole('button', { name: /^Sign Out/ }).click();
}

/** Whether an editor tab with this label is open. */
async function hasTab(page: Page, label: RegExp): Promise<boolean> {
  return (await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: label }).count()) > 0;
}

/**
 * Opens a Data Platform item's panel from its row's menu, then, with `entry`, its newest entry's
 * from its table (which keeps the item's panel open); the last one opened is kept open too, so the
 * next panel opens beside it rather than in it.
 */
async function openPanel(page: Page, category: string, name: string, entry?: RegExp): Promise<void> {
  await showOnly(page, 'Data Platform', category);
  await contextMenu(page, rowByLabel(page, name), 'Open Panel');
  await webview(page).locator('h1', { hasText: name }).waitFor({ timeout: SLOW });
  if (entry) {
    await webview(page).locator('table.entries tbody tr').first().locator('button.button', { hasText: 'Open' }).click();
    await webview(page).locator('h1', { hasText: entry }).waitFor({ timeout: SLOW });
  }
  await keepOpen(page);
}

/** The panel on show kept open with its page's Keep Open, if it is a preview (one already open was revealed as it was). */
async function keepOpen(page: Page): Promise<void> {
  const note = webview(page).locator('.preview-note');
  if (!(await note.count())) return;
  await note.locator('button.button', { hasText: 'Keep Open' }).click();
  await note.waitFor({ state: 'detached', timeout: QUICK });
}

/** Collapses the tree, then opens one workspace's category: only its rows are on screen. */
async function showOnly(page: Page, workspace: string, category: string): Promise<void> {
  await collapseAll(page);
  await expand(rowByLabel(page, workspace));
  await expand(rowByLabel(page, category));
}

/** Every rendered row of `rows` shows an icon whose class matches `cls`. */
async function checkRunIcons(rows: Locator, cls: RegExp): Promise<void> {
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
