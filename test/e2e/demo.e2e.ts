// "Try the demo account": one click starts the demo service inside the extension host and the
// explorer shows its account — no token, no setting, nothing else running. In the same window,
// a newcomer's path through the getting-started walkthrough: each step done as a person would
// (the view's own button, a click on a workspace, the step's buttons through their quick picks),
// each seen checked off in the walkthrough; a run's end heard by a screen reader; and, on the
// way, the README's and the walkthrough's pictures, in the light theme (`npm run pictures`
// writes them into media/). The steps share the page: each first brings it to what it starts from
// (`ready`: nothing left open, the view and the walkthrough on screen, in the demo account; then
// the rows it needs), so a step that fails leaves the others to run; a step that uses what an
// earlier one did says so (`needs`) and is skipped when that one did not pass.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Storyboard } from './animation';
import {
  animation,
  ariaNumber,
  axeViolations,
  collapseAll,
  collapsePane,
  dismissToasts,
  eventually,
  expand,
  goToFirstError,
  openSession,
  paletteCommand,
  panelFrame,
  picture,
  quickInput,
  quickPick,
  QUICK,
  re,
  reloadWindow,
  resizeSideBar,
  RESULTS_DIR,
  rowByLabel,
  shownToast,
  sideBar,
  setTheme,
  SLOW,
  type E2ESession,
} from './support';

const WALKTHROUGH = 'Get Started with Skyvia Explorer';
const STEPS = ['signIn', 'openWorkspace', 'runIntegration', 'openPanel', 'openLog', 'askChat'] as const;
type Step = (typeof STEPS)[number];
const ARCHIVE = 'Postgres → S3 Parquet Archive';
const BIG = 'Orders → Warehouse (hourly)';
const BROKEN = 'Legacy ERP Sync (broken)';

describe('Skyvia view: try the demo account, follow the walkthrough, take the pictures', function () {
  let s: E2ESession;
  /** The steps that passed, by title. */
  const passed = new Set<string>();
  const STEP = {
    walkthrough: 'opens the getting-started walkthrough from the Command Palette: six steps, none done',
    demo: 'starts the built-in demo service from the view and browses it: the walkthrough checks off signing in and opening a workspace',
    run: 'runs an integration from the walkthrough’s button; its end is told in words, in a region a screen reader announces',
    panel: 'opens an integration’s panel from the walkthrough’s button: its history as a table and a chart',
    log: 'opens a failed run’s log from the walkthrough’s button; Go to First Error selects the first error',
  } as const;
  /** Skips the step unless these steps passed: only for a step that checks what they did. */
  const needs = (test: Mocha.Context, ...steps: string[]) => {
    if (steps.some((step) => !passed.has(step))) test.skip();
  };

  before(async function () {
    this.timeout(120_000);
    // The light theme: the README's pictures are taken on the way.
    s = await openSession({ name: 'demo', settings: { 'workbench.colorTheme': 'Default Light Modern' } });
  });

  after(async function () {
    this.timeout(60_000);
    await s?.close();
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'passed') passed.add(test.title);
    if (test?.state === 'failed') await s?.dumpFailure(test.fullTitle());
  });

  it(STEP.walkthrough, async function () {
    this.timeout(90_000);
    const { page } = s;
    await page.getByRole('tab', { name: /^Skyvia/ }).click({ timeout: SLOW });
    await resizeSideBar(page, 480);
    const welcome = sideBar(page).locator('.welcome-view-content').first();
    await welcome.getByRole('button', { name: 'Try the demo account' }).waitFor({ timeout: SLOW });
    await welcome.getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: SLOW });
    await restMouse(page);
    // The walkthrough's: the view's first words and its two buttons.
    const words = await welcome.boundingBox();
    const second = await welcome.getByRole('button').nth(1).boundingBox();
    assert.ok(words && second, 'the welcome content is on screen');
    await picture({ page, clip: { x: words.x, y: words.y, width: words.width, height: second.y + second.height + 8 - words.y } }, { walkthrough: 'sign-in' });

    await paletteCommand(page, 'Welcome: Open Walkthrough');
    await quickPick(page, /walkthrough/i, WALKTHROUGH);
    await walkthrough(page).locator('h2', { hasText: WALKTHROUGH }).waitFor({ timeout: SLOW });
    for (const step of STEPS) {
      await stepRow(page, step).waitFor({ timeout: QUICK });
      assert.equal(await checked(page, step), false, `${step} is not done yet`);
    }
    // The open step shows its picture, as the VSIX ships it (a format the walkthrough draws).
    await eventually(
      async () => {
        const img = walkthrough(page).locator('.getting-started-media img');
        assert.ok((await img.evaluate((e: HTMLImageElement) => (e.complete ? e.naturalWidth : 0))) > 0, 'the sign-in step’s picture is drawn');
      },
      QUICK,
      'the sign-in step’s picture',
    );
    await s.screenshot('demo-01-walkthrough');
  });

  it(STEP.demo, async function () {
    this.timeout(90_000);
    const { page } = s;
    await ready(page, { demo: false });
    await sideBar(page).getByRole('button', { name: 'Try the demo account' }).click({ timeout: SLOW });

    // The account node is the demo service on a loopback port the extension chose.
    const account = sideBar(page)
      .getByRole('treeitem', { name: /^127\.0\.0\.1:\d+/ })
      .first();
    await account.waitFor({ timeout: SLOW });
    assert.match((await account.getAttribute('aria-label')) ?? '', /^127\.0\.0\.1:\d+ demo$/, 'the account is marked "demo"');
    // The notifications a person sees: "connected" (looked for at once: VS Code hides a toast
    // without buttons after a while), and the "starting" progress gone once it has.
    const toasts = page.locator('.notification-toast');
    await toasts.filter({ hasText: 'Connected to the Skyvia demo account' }).and(page.locator('.notification-fade-in-done')).waitFor({ timeout: QUICK });
    await toasts.filter({ hasText: 'Starting the Skyvia demo service' }).waitFor({ state: 'hidden', timeout: QUICK });
    for (const label of ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']) {
      await rowByLabel(page, label).waitFor({ timeout: QUICK });
    }
    await rowByLabel(page, 'Sales Ops').click();
    // The rows move under the resting pointer as the workspace opens, and a row's tooltip may open
    // over the next one to click: the pointer leaves the tree first, and the tooltip with it (a
    // tooltip whose delay ran out after the pointer left stays until the pointer moves again or
    // Escape is pressed).
    await page.mouse.move(900, 400);
    await page.mouse.move(905, 405);
    await page
      .locator('.workbench-hover, .monaco-hover')
      .first()
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .catch(() => page.keyboard.press('Escape'));
    await rowByLabel(page, 'Automations').click();
    const automation = rowByLabel(page, 'Weekly pipeline report');
    await automation.waitFor({ timeout: QUICK });
    assert.ok(await automation.locator('.codicon-zap').count(), 'automations show the zap icon');
    await s.screenshot('10-demo-account');

    // Signed in by the view's own button, a workspace opened by a click on its row: both steps done.
    await waitChecked(page, 'signIn');
    await waitChecked(page, 'openWorkspace');
    for (const step of STEPS.slice(2)) assert.equal(await checked(page, step), false, `${step} is not done yet`);
    await dismissToasts(page);
    await s.screenshot('demo-02-walkthrough-signed-in');
  });

  it(STEP.run, async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page);
    await collapseAll(page);
    await expand(rowByLabel(page, 'Data Platform'));
    await expand(rowByLabel(page, 'Integrations'));
    const archive = rowByLabel(page, ARCHIVE);
    await archive.waitFor({ timeout: QUICK });

    await stepButton(page, 'runIntegration', 'Run an Integration');
    await quickPick(page, /^Which workspace\?/, 'Data Platform');
    await quickPick(page, /^Which integration in Data Platform\?/, ARCHIVE);
    await quickInput(page).waitFor({ state: 'hidden', timeout: QUICK });
    await shownToast(page, `Started a run of “${ARCHIVE}”`).waitFor({ timeout: QUICK });
    await archive.locator('.codicon-modifier-spin').waitFor({ timeout: QUICK });
    await s.screenshot('demo-03a-running');
    assert.equal(await checked(page, 'runIntegration'), false, 'a run started is not yet a run watched to its end');

    // The demo service runs it in real time (a few seconds); the watcher sees it end.
    const ended = shownToast(page, new RegExp(`The run of “${re(ARCHIVE)}” (succeeded|failed)`));
    await ended.waitFor({ timeout: SLOW * 2 });
    // Its picture first: an information toast hides by itself after a while.
    await restMouse(page);
    await picture(ended, { readme: 'run-ended', walkthrough: 'run-ended' });
    const message = ((await ended.locator('.notification-list-item-message').innerText()) ?? '').trim();
    const outcome = /” (succeeded|failed)/.exec(message)?.[1];
    assert.ok(outcome, `the notification says the outcome in words: ${message}`);
    // The tree says the same, in its words.
    await eventually(async () => assert.match((await archive.getAttribute('aria-label')) ?? '', new RegExp(outcome, 'i')), QUICK, `the row to say ${outcome}`);
    assert.equal(await archive.locator('.codicon-modifier-spin').count(), 0, 'no spinner once it ended');
    // VS Code reads a notification out through its live region (role=alert): the message is there,
    // prefixed by its severity.
    const alerts = page.locator('.monaco-aria-container [role=alert][aria-atomic=true]');
    await eventually(
      async () => {
        const said = (await alerts.allTextContents()).find((t) => t.includes(`The run of “${ARCHIVE}” ${outcome}`));
        assert.ok(said, `announced: ${JSON.stringify(await alerts.allTextContents())}`);
        assert.match(said, outcome === 'failed' ? /^Error: / : /^Info: /);
      },
      QUICK,
      'the run’s end in the live region',
    );
    // And the toast itself offers what to do next.
    for (const action of ['Show Details', 'Open Log']) await ended.getByRole('button', { name: action }).waitFor({ timeout: QUICK });
    await waitChecked(page, 'runIntegration');
    await dismissToasts(page);
  });

  it('the tree: Data Platform’s integrations, the one just run with its history', async function () {
    // The run it looks for is the one the step before watched to its end.
    needs(this, STEP.run);
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page);
    await showOnly(page, 'Data Platform', 'Integrations');
    // A look at the broken integration's history (its runs read), then closed again: its row
    // tells its newest run from then on, in red.
    const broken = rowByLabel(page, BROKEN);
    await expand(broken);
    await broken.locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.equal(await broken.getAttribute('aria-expanded'), 'false'), QUICK, 'the broken integration to close');
    await eventually(async () => assert.match((await broken.getAttribute('aria-label')) ?? '', /Failed/), QUICK, 'the broken integration to tell its failure');
    const archive = rowByLabel(page, ARCHIVE);
    await expand(archive);
    const level = (await ariaNumber(archive, 'aria-level')) + 1;
    const runs = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`);
    await runs.first().waitFor({ timeout: QUICK });
    // The run just watched leads its history, with the outcome its row tells.
    const outcome = /Succeeded|Failed/.exec((await archive.getAttribute('aria-label')) ?? '')?.[0];
    assert.ok(outcome, 'the integration row tells its last run’s outcome');
    assert.match((await runs.first().getAttribute('aria-label')) ?? '', new RegExp(outcome));
    assert.ok((await runs.locator('.codicon-pass, .codicon-error').count()) > 1, 'runs show how they ended');
    await restMouse(page);
    // From the view's title to the tenth run: the account, its workspaces, one opened, its runs.
    const bar = await sideBar(page).boundingBox();
    const tenth = await runs.nth(9).boundingBox();
    assert.ok(bar && tenth, 'the rows are on screen');
    await picture({ page, clip: { x: bar.x, y: bar.y, width: bar.width, height: tenth.y + tenth.height - bar.y + 4 } }, { readme: 'tree' });
    // The walkthrough's: the workspace opened, its integrations, the broken one in red.
    const workspace = await rowByLabel(page, 'Data Platform').boundingBox();
    const brokenBox = await broken.boundingBox();
    assert.ok(workspace && brokenBox, 'the rows are on screen');
    await picture({ page, clip: { x: bar.x, y: workspace.y, width: 400, height: brokenBox.y + brokenBox.height - workspace.y } }, { walkthrough: 'workspace' });
  });

  it(STEP.panel, async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await ready(page);
    await stepButton(page, 'openPanel', 'Open a Panel');
    await quickPick(page, /^What kind of item\?/, 'Integration');
    // The integration run a moment ago is offered first, as recently used; this is another one.
    // (With none used yet — the run's step did not get so far — the workspace is asked at once.)
    const placeholder = quickInput(page).locator('input.input');
    await eventually(
      async () => assert.match((await placeholder.getAttribute('placeholder')) ?? '', /^Which (integration|workspace)\?/),
      QUICK,
      'the next question',
    );
    if (/^Which integration\?/.test((await placeholder.getAttribute('placeholder')) ?? ''))
      await quickPick(page, /^Which integration\?/, 'Another integration…');
    await quickPick(page, /^Which workspace\?/, 'Data Platform');
    await quickPick(page, /^Which integration in Data Platform\?/, BIG);
    const view = panelFrame(page);
    await view.locator('h1', { hasText: BIG }).waitFor({ timeout: SLOW });
    const chart = view.locator('.chart');
    await chart.locator('canvas').first().waitFor({ timeout: QUICK });
    const rows = view.locator('table.entries tbody tr');
    await eventually(async () => assert.ok((await rows.count()) >= 20, `${await rows.count()} rows`), QUICK, 'a page of runs in the table');
    // What the chart draws, in words (its accessible name): runs, some failed, marked in red.
    assert.match((await chart.getAttribute('aria-label')) ?? '', /\d+ runs?\b.*failed, marked in red/);
    assert.ok((await view.locator('table.entries tbody tr .pill', { hasText: 'Failed' }).count()) > 0, 'failed runs in the table');
    await restMouse(page);
    await picture(page.locator('.part.editor'), { readme: 'panel' });
    await picture(chart, { walkthrough: 'panel' });
    await waitChecked(page, 'openPanel');
  });

  it(STEP.log, async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await ready(page);
    // Data Platform's integrations listed, as the steps before leave the tree: the log's tab is
    // titled with its integration's name as the tree knows it.
    await showOnly(page, 'Data Platform', 'Integrations');
    await stepButton(page, 'openLog', 'Open a Log');
    await quickPick(page, /^What kind of item\?/, 'Run');
    await quickPick(page, /^Which workspace\?/, 'Data Platform');
    await quickPick(page, /^Which integration in Data Platform\?/, BROKEN);
    // Its runs, newest first: the newest (it failed, as they all do).
    const input = quickInput(page);
    await eventually(
      async () => assert.match((await input.locator('input.input').getAttribute('placeholder')) ?? '', /^Which run of /),
      SLOW,
      'the runs to choose from',
    );
    const newest = input.getByRole('option').first();
    assert.match((await newest.getAttribute('aria-label')) ?? '', /Failed/);
    await newest.click();
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: new RegExp(`^Run \\d+ · ${re(BROKEN)}\\.log`) });
    await tab.first().waitFor({ timeout: SLOW });
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /\d+ errors?/ })
      .first()
      .waitFor({ timeout: QUICK });
    await goToFirstError(page);
    const selected = page.locator('.part.editor .monaco-editor .view-overlays .selected-text').first();
    await restMouse(page);
    // The README's: the tab and its title bar (Go to First Error is its ⊗), down to a few lines
    // past the first error; the walkthrough's: the lines around it.
    const part = await page.locator('.part.editor').boundingBox();
    const editor = await page.locator('.part.editor .monaco-editor').first().boundingBox();
    const line = await selected.boundingBox();
    assert.ok(part && editor && line, 'the log is on screen');
    await picture({ page, clip: { x: part.x, y: part.y, width: part.width, height: line.y + 8 * line.height - part.y } }, { readme: 'log' });
    await picture(
      { page, clip: { x: editor.x, y: Math.max(editor.y, line.y - 4 * line.height), width: Math.min(editor.width, 440), height: 152 } },
      { walkthrough: 'log' },
    );
    await waitChecked(page, 'openLog');
  });

  it('the runs grid: opened from the Failures view’s title, walked with the arrow keys, a cell opened with Enter; axe finds nothing; pictures in three themes', async function () {
    this.timeout(SLOW * 6);
    const { page } = s;
    await ready(page);
    await collapseAll(page);
    // The Failures view, opened as a person does: its header, then its title bar's grid button.
    const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await header.hover();
    await header.getByRole('button', { name: 'Show Runs Grid' }).click({ timeout: QUICK });
    const grid = panelFrame(page).locator('table[role=grid]');
    await grid.waitFor({ timeout: SLOW * 2 });
    const view = panelFrame(page);
    await eventually(async () => assert.match(await view.locator('.status').innerText(), /^Read /), SLOW, 'the reading done');
    const cells = view.locator('td[role=gridcell]');
    // Every cell has an accessible name that says its item, its slot and what ran in it.
    const names = await cells.evaluateAll((all) => all.map((c) => c.getAttribute('aria-label') ?? ''));
    assert.ok(names.length > 100, `${names.length} cells`);
    for (const name of names) assert.match(name, /^.+, \d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2}: .+$/, `a cell's name: ${name}`);
    assert.equal(new Set(names).size, names.length, 'no two cells say the same');
    const columns = await view.locator('thead th.slot').count();
    assert.equal(columns, 25, 'the last 24 hours, hour by hour');

    // The keyboard: the grid is one stop in the tab order; the arrows move from cell to cell.
    const focused = () => view.locator('td[role=gridcell]:focus');
    const where = async () => focused().evaluate((c) => ({ row: c.closest('tr')?.rowIndex ?? -1, slot: Number(c.getAttribute('data-slot')) }));
    await view.locator('td[role=gridcell][tabindex="0"]').focus();
    assert.deepEqual(await where(), { row: 2, slot: 0 }, 'the first cell of the first item (after the header and its workspace)');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal((await where()).slot, 2);
    await page.keyboard.press('ArrowDown');
    assert.equal((await where()).row, 3);
    await page.keyboard.press('End');
    assert.equal((await where()).slot, columns - 1);
    await page.keyboard.press('Home');
    assert.equal((await where()).slot, 0);
    assert.equal(await view.locator('td[role=gridcell][tabindex="0"]').count(), 1, 'one cell in the tab order');
    // Hovering or focusing a cell says what ran in it, under the grid.
    assert.equal(await view.locator('.detail').innerText(), await focused().getAttribute('aria-label'));

    // Accessibility, as axe-core sees the grid, in each theme; and the README's pictures, the
    // side bar hidden so that the editor shows the grid's 25 hours whole.
    await paletteCommand(page, 'View: Toggle Primary Side Bar Visibility');
    // The palette gone before the next opens it (F1 on one still closing closed it again).
    await quickInput(page).waitFor({ state: 'hidden', timeout: QUICK });
    await sideBar(page).waitFor({ state: 'hidden', timeout: QUICK });
    for (const [theme, slug] of [
      ['Dark Modern', 'dark'],
      ['Dark High Contrast', 'high-contrast'],
      ['Light Modern', 'light'],
    ] as const) {
      await setTheme(page, theme);
      await grid.waitFor({ timeout: QUICK });
      const violations = await axeViolations(page);
      console.log(
        `      axe: runs grid, ${slug}: ${violations.length ? violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ') : 'no violations'}`,
      );
      assert.deepEqual(violations, [], `accessibility violations in the runs grid (${slug}): ${JSON.stringify(violations)}`);
      await restMouse(page);
      await picture(page.locator('.part.editor'), { readme: `runs-grid-${slug}` });
    }
    await paletteCommand(page, 'View: Toggle Primary Side Bar Visibility');
    await quickInput(page).waitFor({ state: 'hidden', timeout: QUICK });
    await sideBar(page).waitFor({ timeout: QUICK });

    // The window reloads: the grid comes back in its tab, read again, before anything else of ours is asked for.
    await reloadWindow(page);
    await grid.waitFor({ timeout: SLOW * 2 });
    await eventually(async () => assert.match(await view.locator('.status').innerText(), /^Read /), SLOW, 'the restored grid read again');
    assert.equal(await view.locator('thead th.slot').count(), columns, 'the same range');

    // To a cell where something failed, by the keyboard from the first cell, and Enter: its
    // item's panel, with that hour's runs only.
    const target = await cells.evaluateAll((all) => {
      const failed = all.find((c) => c.classList.contains('mark-failed'));
      const tr = failed?.closest('tr');
      const rows = Array.from(document.querySelectorAll('tr.item'));
      return failed && tr ? { r: rows.indexOf(tr), c: Number(failed.getAttribute('data-slot')), name: failed.getAttribute('aria-label') ?? '' } : undefined;
    });
    assert.ok(target, 'a cell where something failed in the last 24 hours');
    await view.locator('td[role=gridcell][tabindex="0"]').focus();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < target.r; i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < target.c; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await focused().getAttribute('aria-label'), target.name);
    await page.keyboard.press('Enter');
    const [item, slot] = target.name.split(/, (?=\d{4}-)/);
    const panel = panelFrame(page);
    await panel.locator('h1', { hasText: item }).waitFor({ timeout: SLOW });
    const only = slot.replace(/: .*$/, '');
    await panel.locator('.slot', { hasText: `Showing ${only} only` }).waitFor({ timeout: QUICK });
    const failed = Number(/: (\d+) failed/.exec(target.name)?.[1]);
    await eventually(
      async () => assert.equal(await panel.locator('table.entries tbody tr .pill', { hasText: 'Failed' }).count(), failed),
      QUICK,
      `the ${failed} failed runs of ${only}`,
    );
    await restMouse(page);
    await s.screenshot('demo-runs-grid-cell-opened');
    // The side bar as the next step's animation shows it: the explorer alone.
    await collapsePane(page, 'Failures');
  });

  it('Run from the tree → the run’s end told → Open Log, recorded as the README’s animation', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await ready(page);
    // The stage: the walkthrough alone in the editor (the panel and logs of the steps before closed).
    await showWalkthrough(page);
    await paletteCommand(page, 'View: Close Other Editors in Group');
    await collapseAll(page);
    await expand(rowByLabel(page, 'Data Platform'));
    await expand(rowByLabel(page, 'Integrations'));
    const archive = rowByLabel(page, ARCHIVE);
    const board = new Storyboard(page);
    // 1. The integration, its inline Run button under the pointer.
    await archive.hover();
    const run = archive.locator('[aria-label="Run Integration"]');
    await run.waitFor({ timeout: QUICK });
    await board.frame(1800);
    // 2. Started: the notification, and the spinner on its row.
    await run.click();
    await shownToast(page, `Started a run of “${ARCHIVE}”`).waitFor({ timeout: QUICK });
    await archive.locator('.codicon-modifier-spin').waitFor({ timeout: QUICK });
    await restMouse(page);
    await board.frame(1800);
    await dismissToasts(page);
    // 3. Its end, told without pressing Refresh, with Open Log.
    const ended = shownToast(page, new RegExp(`The run of “${re(ARCHIVE)}” (succeeded|failed)`));
    await ended.waitFor({ timeout: SLOW * 2 });
    await eventually(async () => assert.equal(await archive.locator('.codicon-modifier-spin').count(), 0), QUICK, 'the spinner to stop');
    await board.frame(2600);
    // 4. Open Log: the run's log in an editor, coloured by its language.
    await ended.getByRole('button', { name: 'Open Log' }).click();
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: new RegExp(`^Run \\d+ · ${re(ARCHIVE)}\\.log`) });
    await tab.first().waitFor({ timeout: SLOW });
    await page.locator('.part.editor .monaco-editor .view-line').first().waitFor({ timeout: QUICK });
    await dismissToasts(page);
    await restMouse(page);
    await board.frame(4000);
    animation(board, 'run');
  });

  it('the chat step: its text names the tools; with no language model here (code-server has none), a person marks it done by its checkbox', async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await ready(page);
    await showWalkthrough(page);
    await stepRow(page, 'askChat').click();
    await eventually(async () => assert.equal(await stepRow(page, 'askChat').getAttribute('aria-expanded'), 'true'), QUICK, 'the chat step to open');
    await stepRow(page, 'askChat').getByText('Ask in the Chat', { exact: true }).waitFor({ timeout: QUICK });
    await restMouse(page);
    await s.screenshot('demo-06a-walkthrough-chat-step');
    assert.equal(await checked(page, 'askChat'), false, 'opening the step is not asking the chat');
    // Its picture is text (media/walkthrough/chat.md), drawn in a frame of its own: the questions
    // to ask and the tools that answer them.
    await eventually(
      async () => {
        const texts = await Promise.all(
          page.frames().map((f) =>
            f
              .locator('body')
              .innerText({ timeout: 1_000 })
              .catch(() => ''),
          ),
        );
        const shown = texts.find((t) => t.includes('Ask about your account in words'));
        assert.ok(shown, 'the chat step’s text is on show');
        for (const tool of ['#skyviaRuns', '#skyviaRun', '#skyviaStart']) assert.ok(shown.includes(tool), `it names ${tool}`);
      },
      QUICK,
      'the chat step’s text',
    );
    await page.locator(`.part.editor [data-done-step-id$="#askChat"]`).click();
    await waitChecked(page, 'askChat');
    // Every step done — each by the step of this spec that did it, if that one passed.
    const doneBy: Record<Step, string | undefined> = {
      signIn: STEP.demo,
      openWorkspace: STEP.demo,
      runIntegration: STEP.run,
      openPanel: STEP.panel,
      openLog: STEP.log,
      askChat: undefined,
    };
    for (const step of STEPS.filter((st) => doneBy[st] === undefined || passed.has(doneBy[st])))
      assert.equal(await checked(page, step), true, `${step} is done`);
    await s.screenshot('demo-06b-walkthrough-all-done');
  });
});

/**
 * What every step but the first starts from, whatever the step before it left (it may have failed
 * half-way): no dialog, quick input, menu or toast open; the Skyvia view on screen; the
 * walkthrough open (as the first step opens it); and, unless `demo` is false, in the demo account
 * — through the view's own button, as the second step does, should that step not have got so far.
 */
async function ready(page: Page, { demo = true }: { demo?: boolean } = {}): Promise<void> {
  for (const open of [page.locator('.monaco-dialog-box'), quickInput(page), page.locator('.context-view .monaco-menu')]) {
    for (let i = 0; i < 5 && (await open.first().isVisible()); i++) await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'hidden', timeout: QUICK });
  }
  await dismissToasts(page);
  const tab = page.getByRole('tab', { name: /^Skyvia/ });
  if ((await tab.getAttribute('aria-selected', { timeout: SLOW })) !== 'true') await tab.click();
  const tryDemo = sideBar(page).getByRole('button', { name: 'Try the demo account' });
  const account = sideBar(page)
    .getByRole('treeitem', { name: /^127\.0\.0\.1:\d+/ })
    .first();
  await tryDemo.or(account).first().waitFor({ timeout: SLOW });
  if (
    !(await page
      .locator('.part.editor .tabs-container [role=tab]')
      .filter({ hasText: /^Walkthrough: Skyvia Explorer/ })
      .count())
  ) {
    await paletteCommand(page, 'Welcome: Open Walkthrough');
    await quickPick(page, /walkthrough/i, WALKTHROUGH);
    await walkthrough(page).locator('h2', { hasText: WALKTHROUGH }).waitFor({ timeout: SLOW });
  }
  if (!demo || !(await tryDemo.isVisible())) return;
  await tryDemo.click();
  await account.waitFor({ timeout: SLOW });
  // Its "starting" progress gone (it has no close button), the "connected" notification closed.
  await page.locator('.notification-toast').filter({ hasText: 'Starting the Skyvia demo service' }).waitFor({ state: 'hidden', timeout: QUICK });
  await dismissToasts(page);
}

/** Collapses the tree, then opens one workspace's category: only its rows are on screen. */
async function showOnly(page: Page, workspace: string, category: string): Promise<void> {
  await collapseAll(page);
  await expand(rowByLabel(page, workspace));
  await expand(rowByLabel(page, category));
}

/** The walkthrough's editor. */
function walkthrough(page: Page): Locator {
  return page.locator('.part.editor .gettingStartedContainer');
}

/** A step of our walkthrough, by its id. */
function stepRow(page: Page, step: Step): Locator {
  return walkthrough(page).locator(`button.getting-started-step[data-step-id$="#${step}"]`);
}

/** Whether the walkthrough shows the step as done: its checkbox, as a screen reader reads it. */
async function checked(page: Page, step: Step): Promise<boolean> {
  const box = walkthrough(page).locator(`[role=checkbox][data-done-step-id$="#${step}"]`);
  return (await box.getAttribute('aria-checked', { timeout: QUICK })) === 'true';
}

async function waitChecked(page: Page, step: Step): Promise<void> {
  await showWalkthrough(page);
  await eventually(async () => assert.equal(await checked(page, step), true), QUICK, `the walkthrough to check off ${step}`);
}

/** Brings the walkthrough's tab forward. */
async function showWalkthrough(page: Page): Promise<void> {
  if (await walkthrough(page).isVisible()) return;
  await page
    .locator('.part.editor .tabs-container [role=tab]')
    .filter({ hasText: /^Walkthrough: Skyvia Explorer/ })
    .first()
    .click();
  await walkthrough(page).waitFor({ timeout: QUICK });
}

/** Opens a step of the walkthrough and clicks its button. */
async function stepButton(page: Page, step: Step, label: string): Promise<void> {
  await showWalkthrough(page);
  const row = stepRow(page, step);
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  const button = row.getByText(label, { exact: true });
  await button.waitFor({ timeout: QUICK });
  await screenshotStep(page, step);
  await button.click();
}

/** What the step shows when opened, for the artifacts (its text and its picture). */
async function screenshotStep(page: Page, step: Step): Promise<void> {
  await restMouse(page);
  await page.screenshot({ path: path.join(RESULTS_DIR, `demo-step-${step}.png`) });
}

/** Moves the mouse to where no hover opens, and waits for any hover to close. */
async function restMouse(page: Page): Promise<void> {
  await page.mouse.move(24, 600); // the activity bar’s empty middle: no hover opens there
  await page
    .locator('.workbench-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: QUICK })
    .catch(() => page.keyboard.press('Escape'));
}
