// The pseudo-localized run: VS Code in the qps-ploc display language, with pseudo bundles that
// @vscode/l10n-dev makes from the English ones (l10n/bundle.l10n.json, package.nls.json) written
// into this run's installed copy of the extension only — they never ship. What the extension says
// must come out pseudo-localized (the accented, longer form), nothing of ours in plain English,
// and the panel's longer labels must still fit their boxes. Looked at: the welcome view, the tree's
// rows, tooltips and accessible names, a panel (fields, buttons, chart, history), the palette's
// questions, a run's start and end told in notifications, its log's tab, the Failures view and the
// getting-started walkthrough.
// Data from the service (workspace and item names, hosts, figures) is not ours and stays as it
// is. SKYVIA_E2E_PSEUDO=0 skips it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nPseudoLocalized } from '@vscode/l10n-dev';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import {
  contextMenu,
  dismissToasts,
  eventually,
  expand,
  openSession,
  paletteCommand,
  QUICK,
  quickInput,
  quickPick,
  re,
  ROOT,
  shownToast,
  sideBar,
  SLOW,
  treeRow,
  type E2ESession,
} from './support';

const LANGUAGE = 'qps-ploc';
const EXTENSION_FOLDER = /^skyvia-explorer\.skyvia-explorer-/;

/** A bundle: a message by its key, or (one with a translator's comment, keyed "message/comment") the message and the comment. */
type Bundle = Record<string, string | { message: string; comment: string[] }>;
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Bundle;
const pseudoBundle = getL10nPseudoLocalized(read('l10n/bundle.l10n.json')) as Bundle;
const pseudoNls = getL10nPseudoLocalized(read('package.nls.json')) as Record<string, string>;

/** A message of ours as the pseudo bundle has it (with or without a translator's comment), its {n} filled in as l10n.t does. */
function T(message: string, ...args: (string | number)[]): string {
  const entry = pseudoBundle[message] ?? Object.entries(pseudoBundle).find(([key]) => key.startsWith(`${message}/`))?.[1];
  const pseudo = typeof entry === 'string' ? entry : entry?.message;
  assert.ok(pseudo, `"${message}" is in l10n/bundle.l10n.json`);
  return pseudo.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));
}
/** A message of ours as a pattern: its placeholders match anything. */
function P(message: string): RegExp {
  return new RegExp(
    T(message)
      .split(/\{\d+\}/)
      .map(re)
      .join('.+?'),
  );
}
/** A package.json text (its package.nls.json key) as the pseudo bundle has it, markdown links as VS Code shows them. */
function N(key: string): string {
  const pseudo = pseudoNls[key];
  assert.ok(pseudo, `${key} is in package.nls.json`);
  return pseudo;
}

/** Words of plain English (ASCII letters only, three or more) left in a text; pseudo-localized words have none. */
function englishWords(text: string): string[] {
  return [...text.replace(/\bhttps?:\/\/\S+/g, ' ').matchAll(/(?<![A-Za-z])[A-Za-z]{3,}(?![A-Za-z])/g)].map((m) => m[0]);
}
/** Pseudo-localized: the accented letters l10n-dev writes, and no English word. */
function assertPseudo(text: string, what: string): void {
  assert.match(text, /[\u0100-\u024F\u1E00-\u1EFF]/, `${what} is pseudo-localized: ${JSON.stringify(text)}`);
  assert.deepEqual(englishWords(text), [], `${what} has no English left: ${JSON.stringify(text)}`);
}

/** Data from the service, left out of a text before it is checked: names, numbers, dates and times. */
function withoutData(text: string, ...data: string[]): string {
  let rest = text;
  for (const d of data) rest = rest.split(d).join(' ');
  return rest.replace(/\d[\d,.:-]*/g, ' ');
}

const ARCHIVE = 'Postgres → S3 Parquet Archive';
const BIG = 'Orders → Warehouse (hourly)';

const skip = process.env.SKYVIA_E2E_PSEUDO === '0';

(skip ? describe.skip : describe)('pseudo-localized (qps-ploc): our text translated, and it fits', function () {
  let s: E2ESession;

  before(async function () {
    this.timeout(120_000);
    s = await openSession({
      name: 'pseudo',
      locale: LANGUAGE,
      afterInstall: ({ userDataDir, extensionsDir }) => {
        // VS Code runs in a display language only with a language pack for it: this one is empty
        // (VS Code's own text stays English), which is enough to make qps-ploc the language.
        const main = path.join(userDataDir, 'pseudo-language-pack', 'main.i18n.json');
        fs.mkdirSync(path.dirname(main), { recursive: true });
        fs.writeFileSync(main, JSON.stringify({ version: '1.0.0', contents: {} }));
        const packs = {
          [LANGUAGE]: {
            hash: 'skyvia-e2e-pseudo',
            label: 'Pseudo',
            extensions: [{ extensionIdentifier: { id: 'skyvia-e2e.pseudo-language-pack' }, version: '1.0.0' }],
            translations: { vscode: main },
          },
        };
        fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
        // The pseudo bundles, beside the English ones in this run's installed extension.
        const folder = fs.readdirSync(extensionsDir).find((f) => EXTENSION_FOLDER.test(f));
        assert.ok(folder, `the extension is installed in ${extensionsDir}`);
        const ext = path.join(extensionsDir, folder);
        fs.mkdirSync(path.join(ext, 'l10n'), { recursive: true });
        fs.writeFileSync(path.join(ext, 'l10n', `bundle.l10n.${LANGUAGE}.json`), JSON.stringify(pseudoBundle, null, 2));
        fs.writeFileSync(path.join(ext, `package.nls.${LANGUAGE}.json`), JSON.stringify(pseudoNls, null, 2));
      },
    });
  });

  after(async function () {
    this.timeout(60_000);
    await s?.close();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await s?.dumpFailure(this.currentTest.fullTitle());
  });

  it('1. the view, its welcome and the demo account: the tree rows and the notification are ours, pseudo-localized', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await page.getByRole('tab', { name: new RegExp(`^${re(N('viewsContainer.skyvia.title'))}`) }).click({ timeout: SLOW });
    // The welcome view: package.nls.json's text, its links as buttons.
    const welcome = sideBar(page).locator('.welcome-view-content').first();
    await welcome.waitFor({ timeout: SLOW });
    const firstLine = N('viewsWelcome.explorer.signedOut').split('\n')[0];
    await eventually(async () => assert.ok((await welcome.innerText()).includes(firstLine), 'the welcome text is the pseudo one'), QUICK, 'the welcome text');
    assertPseudo(await welcome.innerText(), 'the welcome view');
    await s.screenshot('pseudo-01-welcome');
    const tryDemo = /\[([^\]]+)\]\(command:skyvia\.tryDemo\)/.exec(N('viewsWelcome.explorer.signedOut'))![1];
    await sideBar(page).getByRole('button', { name: tryDemo }).click({ timeout: SLOW });

    // The extension host runs in the pseudo language, with our pseudo bundle loaded.
    await eventually(
      async () => assert.match(s.extensionLogs().join('\n'), new RegExp(`display language ${LANGUAGE}, translated`)),
      SLOW,
      'the body to say its language',
    );

    // The account (a host: data) is marked with our word for "demo"; Users and Invitations are ours.
    const account = sideBar(page)
      .getByRole('treeitem', { name: /^127\.0\.0\.1:\d+/ })
      .first();
    await account.waitFor({ timeout: SLOW });
    assert.equal(((await account.getAttribute('aria-label')) ?? '').replace(/^127\.0\.0\.1:\d+ /, ''), T('demo'));
    for (const label of [T('Users'), T('Invitations')]) await rowLabelled(page, label).waitFor({ timeout: QUICK });
    // Workspaces are data; the personal one is described in our words.
    const personal = treeRow(page, new RegExp(`${re(T('personal'))}$`));
    await personal.waitFor({ timeout: QUICK });

    // A workspace's categories, all ours.
    const workspace = sideBar(page)
      .locator('[role=treeitem][aria-level="2"]')
      .filter({ hasNotText: T('Users') })
      .filter({ hasNotText: T('Invitations') })
      .last();
    await expand(workspace);
    const categories = ['Integrations', 'Backups', 'Automations', 'Agents', 'Connections', 'Endpoints'];
    for (const c of categories) await rowLabelled(page, T(c)).waitFor({ timeout: QUICK });
    const level3 = sideBar(page).locator('[role=treeitem][aria-level="3"]');
    const ours = (await level3.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    assert.ok(ours.length >= categories.length, `the workspace's rows: ${JSON.stringify(ours)}`);
    for (const text of ours) assertPseudo(text, `the row "${text}"`);

    // The notification that the demo account is connected: ours but for the service's address.
    const connected = T('Connected to the Skyvia demo account (a simulated service at {0}). Use "{1}" to leave it.').split('{0}')[0];
    const toast = page.locator('.notification-toast').filter({ hasText: connected });
    await toast.waitFor({ timeout: QUICK });
    const toastText = (await toast.locator('.notification-list-item-message').first().innerText()).trim();
    assertPseudo(toastText, 'the notification');
    assert.ok(toastText.includes(T('Skyvia: Sign Out')), 'the command it names is named in the same language');
    await s.screenshot('pseudo-02-demo-tree-and-notification');
  });

  it('2. a panel: its buttons, history controls and table pseudo-localized, and nothing overflows', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await page.mouse.move(900, 400);
    const integrations = rowLabelled(page, T('Integrations'));
    await expand(integrations);
    const level = Number(await integrations.getAttribute('aria-level')) + 1;
    const item = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`).first();
    await item.waitFor({ timeout: QUICK });
    await contextMenu(page, item, N('command.openPanel.title'));

    const view = webview(page);
    const buttons = view.locator('header .actions button.button');
    await buttons.first().waitFor({ timeout: SLOW });
    await view.locator('table.entries tbody tr').first().waitFor({ timeout: SLOW });
    await view.locator('.spinner').waitFor({ state: 'detached', timeout: QUICK });

    // The badge names the kind in our words; the chart's legend and axes are ours too.
    assert.equal((await view.locator('header .badge').innerText()).trim(), T('Integration'));
    for (const text of await view.locator('.chart .u-legend .u-label').allInnerTexts()) assertPseudo(text.trim(), `the chart legend "${text.trim()}"`);
    for (const text of await view.locator('.chart .u-axis .u-label').allInnerTexts()) assertPseudo(text.trim(), `the chart axis "${text.trim()}"`);
    // The item's own actions: our labels, each in the pseudo language.
    for (const text of await buttons.allInnerTexts()) assertPseudo(text.trim(), `the button "${text.trim()}"`);
    // The history: its heading, filter, time range, table headers and row buttons.
    assert.equal((await view.locator('.history h2').innerText()).trim(), T('Runs'));
    assert.equal((await view.locator('label.checkbox').innerText()).trim(), T('Failed only'));
    assert.deepEqual(
      (await view.locator('select.range option').allInnerTexts()).map((t) => t.trim()),
      [T('All time'), T('Last 24 hours'), T('Last 7 days'), T('Last 30 days')],
    );
    const headers = (await view.locator('table.entries thead th').allInnerTexts()).map((t) => t.replace(/[↑↓]/g, '').trim());
    assert.deepEqual(headers, [T('When'), T('State'), T('Details'), T('Actions')]);
    const rowButtons = (await view.locator('table.entries tbody tr').first().locator('button.button').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(rowButtons, [T('Log'), T('Open')]);
    assertPseudo((await view.locator('table.entries caption').textContent()) ?? '', 'the table caption');
    const summary = await view.locator('.chart').getAttribute('aria-label');
    if (summary) assertPseudo(withoutData(summary), 'the chart summary');
    // A preview panel (the next item opened shows in it) says so, and offers Keep Open, in our words.
    const note = view.locator('.preview-note');
    assertPseudo((await note.locator('span').innerText()).trim(), 'the preview line');
    assertPseudo((await note.locator('button.button').innerText()).trim(), 'its Keep Open');
    // The item's fields: their labels are ours (their values are the service's data).
    const labels = (await view.locator('dl.fields dt').allInnerTexts()).map((t) => t.trim());
    assert.ok(labels.length >= 3, `the fields: ${JSON.stringify(labels)}`);
    for (const label of labels) assertPseudo(label, `the field "${label}"`);
    // Its runs: the state and the details (relative time, duration, rows) in our words too.
    const cells = view.locator('table.entries tbody tr').first().locator('td');
    assertPseudo((await cells.nth(1).innerText()).trim(), "a run's state");
    assertPseudo(withoutData(await cells.nth(2).innerText()), "a run's details");
    await page.mouse.move(10, 10);
    await s.screenshot('pseudo-03-panel');

    // Longer words, same boxes: every button and control lies inside its row, none on another,
    // and the page scrolls sideways nowhere.
    await assertInside(view.locator('header .actions'), buttons, 'the actions');
    await assertInside(view.locator('.history .toolbar'), view.locator('.history .toolbar > *'), 'the history toolbar');
    await assertInside(view.locator('.preview-note'), view.locator('.preview-note > *'), 'the preview line');
    const overflow = await view.locator('body').evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the panel scrolls sideways by ${overflow} px`);
  });

  it("3. the tree's words: a tooltip's labels, a run's row as a screen reader hears it", async function () {
    this.timeout(SLOW * 2);
    const { page } = s;
    await page.keyboard.press('Escape');
    const big = rowLabelled(page, BIG);
    await big.hover();
    const hover = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: BIG });
    await hover.first().waitFor({ timeout: QUICK });
    // "Type: replication", "Schedule: on"…: each label is ours; the title is the item's name.
    const lines = (await hover.first().innerText())
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes(':'));
    assert.ok(lines.length >= 3, `the tooltip's fields: ${JSON.stringify(lines)}`);
    for (const line of lines) assertPseudo(line.slice(0, line.indexOf(':')), `the tooltip label of "${line}"`);
    await s.screenshot('pseudo-04-tooltip');
    await page.mouse.move(900, 400);
    await hover
      .first()
      .waitFor({ state: 'hidden', timeout: QUICK })
      .catch(() => page.keyboard.press('Escape'));

    await expand(big);
    const level = Number(await big.getAttribute('aria-level')) + 1;
    const run = sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`).first();
    await run.waitFor({ timeout: QUICK });
    // "Succeeded run, 2026-11-24 18:11, Succeeded · 2 h ago · 1 min 29 s · 5,018 rows": all ours but the figures.
    const said = (await run.getAttribute('aria-label')) ?? '';
    assertPseudo(withoutData(said), "a run row's accessible name");
    await big.locator('.monaco-tl-twistie').click();
  });

  it('4. a run from the Command Palette: its pickers, its start and its end told in our words, its log titled in them', async function () {
    this.timeout(SLOW * 5);
    const { page } = s;
    await paletteCommand(page, `${N('command.category')}: ${N('command.runIntegration.title')}`);
    const input = quickInput(page);
    const box = input.locator('input.input');
    // A fresh window asks for the workspace; one that opened an integration's panel offers it as
    // recently used, and the others through "Another integration…".
    const asked = await eventually(
      async () => {
        const placeholder = (await box.getAttribute('placeholder')) ?? '';
        assert.ok([T('Which workspace?'), T('Which integration?')].includes(placeholder), placeholder);
        return placeholder;
      },
      QUICK,
      'the first question',
    );
    if (asked === T('Which integration?')) {
      assertPseudo(withoutData(await input.getByRole('option').first().innerText(), BIG), 'the recently used row');
      await quickPick(page, new RegExp(`^${re(T('Which integration?'))}`), T('Another integration…'));
    }
    await quickPick(page, new RegExp(`^${re(T('Which workspace?'))}`), 'Data Platform');
    await quickPick(page, new RegExp(`^${re(T('Which integration in {0}?', 'Data Platform'))}`), ARCHIVE);

    const started = shownToast(page, P('Started a run of {0} (run {1}, {2}).'));
    await started.waitFor({ timeout: SLOW });
    const startedText = (await started.locator('.notification-list-item-message').first().innerText()).trim();
    assertPseudo(withoutData(startedText, ARCHIVE), 'the run-started notification');
    const runId = /(\d+)/.exec(startedText.split(ARCHIVE).join(''))?.[1];
    assert.ok(runId, `the notification names the run: ${startedText}`);
    await dismissToasts(page);

    // The demo service runs it in real time; the watcher tells its end, in our words.
    const ended = page
      .locator('.notification-toast.notification-fade-in-done')
      .filter({ hasText: ARCHIVE })
      .filter({ hasNotText: P('Started a run of {0} (run {1}, {2}).') })
      .first();
    await ended.waitFor({ timeout: SLOW * 3 });
    const endedText = (await ended.locator('.notification-list-item-message').first().innerText()).trim();
    assertPseudo(withoutData(endedText, ARCHIVE), 'the run-ended notification');
    for (const name of [T('Show Details'), T('Open Log')]) await ended.getByRole('button', { name }).waitFor({ timeout: QUICK });
    await s.screenshot('pseudo-05-run-ended');

    // Open Log: the tab names the run in our words, and the item by its name.
    await ended.getByRole('button', { name: T('Open Log') }).click();
    const tab = page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: new RegExp(`^${re(T('Run {0}', runId))} · ${re(ARCHIVE)}`) });
    await tab.first().waitFor({ timeout: SLOW });
    await s.screenshot('pseudo-06-log');
  });

  it('5. the Failures view: what it read, in our words', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    const header = sideBar(page)
      .locator('.pane-header')
      .filter({ hasText: N('view.failures.name') });
    await header.click();
    const pane = sideBar(page)
      .locator('.pane')
      .filter({ has: page.locator('.pane-header', { hasText: N('view.failures.name') }) });
    const summaries = new RegExp(`^(${['Nothing failed in the last 24 hours', '{0} failed in the last 24 hours'].map((m) => P(m).source).join('|')})`);
    // The first row says what was read once the account has been read: its accessible name.
    const said = await eventually(
      async () => {
        const names = await pane.getByRole('treeitem').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
        const found = names.find((n) => summaries.test(n));
        assert.ok(found, `the rows: ${JSON.stringify(names)}`);
        return found;
      },
      SLOW * 2,
      'the Failures view to say what it read',
    );
    assertPseudo(withoutData(said), "the Failures view's summary");
    await s.screenshot('pseudo-07-failures');
    await header.click();
  });

  it('6. the getting-started walkthrough: its title, description, steps and pictures’ words pseudo-localized', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    // VS Code's own command (its language pack here is empty: its words stay English); our walkthrough by its pseudo title.
    await paletteCommand(page, 'Welcome: Open Walkthrough');
    await quickPick(page, /walkthrough/i, N('walkthrough.getStarted.title'));
    const walkthrough = page.locator('.part.editor .gettingStartedContainer');
    const title = walkthrough.locator('h2.category-title', { hasText: N('walkthrough.getStarted.title') }).first();
    await title.waitFor({ timeout: SLOW });
    const texts: [string, string][] = [['its title', await title.innerText()]];
    const description = walkthrough.locator('.category-description').filter({ visible: true }).first();
    texts.push(['its description', await description.innerText()]);
    const steps = walkthrough.locator('h3.step-title').filter({ visible: true });
    await eventually(async () => assert.equal(await steps.count(), 6, 'six steps'), QUICK, 'the steps');
    for (const [i, step] of (await steps.all()).entries()) texts.push([`step ${i + 1}'s title`, await step.innerText()]);
    // The open step: its words and buttons, and what its picture shows (read by a screen reader).
    const open = walkthrough.locator('.step-description-container').filter({ visible: true }).first();
    texts.push(['the open step’s description', await open.innerText()]);
    const picture = walkthrough.locator('.getting-started-media img').filter({ visible: true }).first();
    await picture.waitFor({ timeout: QUICK });
    texts.push(['its picture’s alt text', (await picture.getAttribute('alt')) ?? '']);
    // The product's name is a name, not a word to translate; VS Code and API are names too.
    for (const [what, text] of texts) assertPseudo(withoutData(text, 'Skyvia', 'VS Code', 'API'), `the walkthrough: ${what}`);
    await s.screenshot('pseudo-08-walkthrough');
  });
});

/** A tree row whose label is exactly `label` (then its description, if any). */
function rowLabelled(page: Page, label: string): Locator {
  return treeRow(page, new RegExp(`^${re(label)}(,|\\s|$)`));
}

/** The document of the webview on show: VS Code's webview host frame, then its content frame. */
function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Each of `items` lies within `box`, and no two overlap. */
async function assertInside(box: Locator, items: Locator, what: string): Promise<void> {
  const outer = await box.boundingBox();
  assert.ok(outer, `${what} are on screen`);
  const boxes = [];
  for (const item of await items.all()) {
    if (!(await item.isVisible())) continue;
    const b = await item.boundingBox();
    assert.ok(b, 'it is on screen');
    boxes.push(b);
    assert.ok(
      b.x >= outer.x - 1 && b.x + b.width <= outer.x + outer.width + 1,
      `${what}: an item (${Math.round(b.x)}–${Math.round(b.x + b.width)}) leaves its box (${Math.round(outer.x)}–${Math.round(outer.x + outer.width)})`,
    );
  }
  assert.ok(boxes.length > 0, `${what} have items`);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const overlap = a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
      assert.ok(!overlap, `${what}: items ${i} and ${j} overlap`);
    }
  }
}
