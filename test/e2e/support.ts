// Shared pieces of the end-to-end tier: one code-server with the packaged extension installed, one
// headless Chromium page on its workbench, and small helpers that wait on what a person would
// see (tree rows by their accessible names, the quick input, hovers) instead of sleeping.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { openWorkbench, startCodeServer, waitForWorkbench, type CodeServer, type Workbench } from '../harness/codeServer';
import type { Storyboard } from './animation';
import { PNG } from 'pngjs';

export const ROOT = path.resolve(__dirname, '..', '..');
export const RESULTS_DIR = path.join(ROOT, 'test-results', 'e2e');
export const VSIX = path.join(ROOT, 'dist', 'skyvia-explorer.vsix');
/** The extension's id, `publisher.name`: its log folder under the extension host's logs. */
export const EXTENSION_ID = 'skyvia-explorer.skyvia-explorer';

/** Generous for the first steps (the extension host starts once the page is open). */
export const SLOW = 30_000;
/** For steps that need one request to the demo service. */
export const QUICK = 15_000;

export interface E2ESession {
  server: CodeServer;
  workbench: Workbench;
  page: Page;
  /** The page's console and page errors, for the failure dump. */
  console: string[];
  /** Screenshot into test-results/e2e/<name>.png; returns the path. */
  screenshot(name: string): Promise<string>;
  /** The contents of the extension's own log files (its output channels) written so far. */
  extensionLogs(): string[];
  /** Screenshot `failure-<title>.png`, write the code-server and extension host logs next to it. */
  dumpFailure(title: string): Promise<void>;
  close(): Promise<void>;
}

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'test'
  );
}

/**
 * Starts code-server with the VSIX installed and opens its workbench. Whatever was started is
 * stopped again if a later step fails, and by close().
 */
export async function openSession(opts: {
  name: string;
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** VS Code's display language, and what to put in place before it starts (see startCodeServer). */
  locale?: string;
  afterInstall?: (dirs: { userDataDir: string; extensionsDir: string }) => void;
  /** VS Code asks whether the folder is trusted (see startCodeServer). */
  workspaceTrust?: boolean;
}): Promise<E2ESession> {
  if (!fs.existsSync(VSIX)) throw new Error(`${VSIX} is missing: run \`npm run package\` (or the tier without SKYVIA_E2E_SKIP_BUILD)`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  // Our own user-data folder, so the extension host's logs can be read after a failure.
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), `skyvia-e2e-${slug(opts.name)}-user-`));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `skyvia-e2e-${slug(opts.name)}-folder-`));
  fs.writeFileSync(path.join(folder, 'README.md'), '# e2e test workspace\n');
  const removeDirs = () => {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  };

  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  const consoleLines: string[] = [];
  try {
    server = await startCodeServer({
      vsixPaths: [VSIX],
      folder,
      userDataDir,
      env: opts.env,
      locale: opts.locale,
      afterInstall: opts.afterInstall,
      workspaceTrust: opts.workspaceTrust,
      settings: {
        // Quiet, predictable window: no chat/secondary side bar, no hover delay surprises.
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'chat.commandCenter.enabled': false,
        'workbench.hover.delay': 300,
        ...opts.settings,
      },
    });
    workbench = await openWorkbench(server.url, {
      viewport: { width: 1280, height: 860 },
      onPage: (page) => {
        page.on('console', (msg) => {
          if (msg.type() === 'error' || msg.type() === 'warning') consoleLines.push(`[${msg.type()}] ${msg.text()}`);
        });
        page.on('pageerror', (err) => consoleLines.push(`[pageerror] ${err.stack ?? err.message}`));
      },
    });
  } catch (err) {
    await workbench?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    removeDirs();
    throw err;
  }

  const srv = server;
  const wb = workbench;
  const page = wb.page;
  // Playwright's own waits (click, hover…) fail after this, rather than its 30 s default.
  page.setDefaultTimeout(QUICK);
  const screenshot = async (name: string) => {
    const file = path.join(RESULTS_DIR, `${name}.png`);
    await page.screenshot({ path: file });
    return file;
  };
  let closed = false;
  return {
    server: srv,
    workbench: wb,
    page,
    console: consoleLines,
    screenshot,
    extensionLogs: () => logFiles(userDataDir, (f) => f.includes(`${path.sep}${EXTENSION_ID}${path.sep}`)).map((f) => fs.readFileSync(f, 'utf8')),
    async dumpFailure(title: string) {
      const name = `failure-${slug(title)}`;
      try {
        await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
      } catch (err) {
        console.error(`(no failure screenshot: ${(err as Error).message})`);
      }
      const parts = [
        `=== code-server output (last 8000 chars) ===\n${srv.logs().slice(-8000)}`,
        `=== page console errors/warnings (last 60) ===\n${consoleLines.slice(-60).join('\n')}`,
        ...extensionHostLogs(userDataDir),
      ];
      const text = parts.join('\n\n');
      fs.writeFileSync(path.join(RESULTS_DIR, `${name}.log`), text);
      console.error(`\n--- e2e failure dump for "${title}" (also in test-results/e2e/${name}.log) ---\n${text.slice(-12000)}\n--- end of dump ---`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await wb.close().catch((err: unknown) => console.error(`closing the browser: ${String(err)}`));
        await srv.stop();
      } finally {
        removeDirs();
      }
    },
  };
}

/** The extension host's log and the extension's own output channels, newest session. */
function extensionHostLogs(userDataDir: string): string[] {
  const out: string[] = [];
  for (const file of logFiles(userDataDir, (f) => /remoteexthost\.log$|exthost\.log$/.test(f) || f.includes(EXTENSION_ID))) {
    const text = fs.readFileSync(file, 'utf8');
    out.push(`=== ${path.relative(userDataDir, file)} (last 6000 chars) ===\n${text.slice(-6000)}`);
  }
  return out;
}

/** Files under <userDataDir>/logs that `keep` accepts. */
function logFiles(userDataDir: string, keep: (file: string) => boolean): string[] {
  const logsRoot = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logsRoot)) return [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(logsRoot).filter(keep);
}

/**
 * The hooks a file with a session of its own ends with: the session and its demo service closed
 * after its tests, and a failed test's screenshot and logs dumped beside the results.
 */
export function sessionHooks(held: () => { session?: E2ESession; demo?: { close(): Promise<void> } }): void {
  after(async function () {
    this.timeout(60_000);
    const { session, demo } = held();
    await session?.close();
    await demo?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await held().session?.dumpFailure(this.currentTest.fullTitle());
  });
}

/** Polls `check` until it stops throwing, or rethrows its last error after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = QUICK, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const msg = last instanceof Error ? last.message : String(last);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${msg}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The side bar, where the Skyvia view lives. */
export function sideBar(page: Page): Locator {
  return page.locator('.part.sidebar');
}

/** Rows of the Skyvia tree whose accessible name (label, then description) matches. */
export function treeRow(page: Page, name: RegExp): Locator {
  return sideBar(page).getByRole('treeitem', { name });
}

/** Escapes text for a RegExp. */
export function re(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A row whose label is exactly `label`: its accessible name is the label, then the description
 * (VS Code's default), or the label, a comma and what its icon says (an item's own wording).
 */
export function rowByLabel(page: Page, label: string): Locator {
  return treeRow(page, new RegExp(`^${re(label)}(,|\\s|$)`));
}

/** Expands a collapsed row by clicking its twistie and waits until VS Code says it is expanded. */
export async function expand(row: Locator, timeoutMs = QUICK): Promise<void> {
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  if ((await row.getAttribute('aria-expanded')) !== 'true') {
    await row.locator('.monaco-tl-twistie').click();
  }
  await eventually(
    async () => {
      const v = await row.getAttribute('aria-expanded');
      if (v !== 'true') throw new Error(`aria-expanded is ${v}`);
    },
    timeoutMs,
    `${await row.getAttribute('aria-label')} to expand`,
  );
}

/** Numeric ARIA attribute of a row (aria-setsize, aria-posinset, aria-level). */
export async function ariaNumber(row: Locator, attr: string): Promise<number> {
  const v = await row.getAttribute(attr);
  const n = Number(v);
  if (v === null || !Number.isFinite(n)) throw new Error(`${attr} is ${v}`);
  return n;
}

/**
 * Scrolls the Skyvia tree with the mouse wheel until `target` is rendered and on screen (the
 * list is virtual: rows far below are not in the DOM at all).
 */
export async function scrollTreeTo(page: Page, target: Locator, timeoutMs = QUICK): Promise<void> {
  const tree = sideBar(page).locator('.monaco-list[role=tree]').first();
  const box = await tree.boundingBox();
  if (!box) throw new Error('the Skyvia tree is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const deadline = Date.now() + timeoutMs;
  const hover = page.locator('.workbench-hover, .monaco-hover').first();
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error(`scrolled for ${timeoutMs} ms without reaching ${target.toString()}`);
    // A row's tooltip that opened under the resting pointer (a slow machine renders slowly)
    // would take the wheel for itself: close it first.
    if (await hover.isVisible()) await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(50); // let the list render the rows it scrolled to
  }
  await target.scrollIntoViewIfNeeded();
}

/**
 * Developer: Reload Window from the Command Palette, as a person asks for it: VS Code saves which
 * tabs are open, then reloads (a browser reload a moment after a tab opened would lose the tab
 * before VS Code saved it). Resolves once the reloaded workbench shows.
 */
export async function reloadWindow(page: Page): Promise<void> {
  // Set as soon as the new page's document is read, before its workbench can take a key.
  let gone = false;
  const leaving = () => (gone = true);
  page.once('domcontentloaded', leaving);
  const reloaded = page.waitForEvent('load', { timeout: SLOW * 2 });
  reloaded.catch(() => undefined); // awaited below; not an unhandled rejection if asking fails first
  await paletteCommand(page, 'Developer: Reload Window', () => gone);
  await reloaded.finally(() => page.off('domcontentloaded', leaving));
  await waitForWorkbench(page, SLOW * 2);
}

/**
 * Right-clicks a row and chooses a menu item. A row that re-renders under an open menu (its
 * state read arriving) can swallow the click: the menu is then still open, and is used again.
 * `shown` runs once, when the menu first offers the item.
 */
export async function contextMenu(page: Page, row: Locator, name: string, shown?: () => Promise<unknown>): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await eventually(
    async () => {
      if (!(await menu.isVisible())) await row.click({ button: 'right' });
      const item = menu.getByRole('menuitem', { name });
      await item.waitFor({ timeout: QUICK });
      await shown?.(); // e.g. a picture of the menu, taken once it offers the item
      shown = undefined;
      await item.click();
      await menu.waitFor({ state: 'hidden', timeout: 2_000 });
    },
    QUICK,
    `"${name}" to be chosen`,
  );
}

/** The text of the line selected in the editor on show ("Go to First Error" selects its line). */
async function selectedLine(page: Page): Promise<string> {
  return page
    .locator('.part.editor .monaco-editor')
    .first()
    .evaluate((root) => {
      // Monaco draws a selection in an overlay row and the text in a line row at the same `top`.
      const row = root.querySelector('.view-overlays .selected-text')?.parentElement;
      const line = Array.from(root.querySelectorAll<HTMLElement>('.view-lines .view-line')).find((l) => row && l.style.top === row.style.top);
      return (line?.textContent ?? '').replace(/\u00a0/g, ' ');
    });
}

/**
 * Go to First Error in the log's title bar, as a person clicks it: the first ERROR line ends up
 * selected. A click that lands while the title bar is drawn again is lost, and is clicked again
 * (choosing it twice selects the same line).
 */
export async function goToFirstError(page: Page): Promise<void> {
  await eventually(
    async () => {
      await page.locator('.part.editor [aria-label^="Go to First Error"]').first().click({ timeout: 2_000 });
      await eventually(async () => assert.match(await selectedLine(page), /\bERROR\b/), 2_000, 'the first ERROR line selected');
    },
    QUICK,
    'Go to First Error to select the first ERROR line',
  );
}

/** The quick input (input box / quick pick) while it is open. */
export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/**
 * Drags the side bar's right edge so it is `width` pixels wide, as a person does to read long
 * labels (the default 300 px truncates most descriptions).
 */
export async function resizeSideBar(page: Page, width: number): Promise<void> {
  const bar = sideBar(page);
  const box = await bar.boundingBox();
  if (!box) throw new Error('the side bar is not on screen');
  const edge = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(edge, y);
  await page.mouse.down();
  await page.mouse.move(edge + (width - box.width) / 2, y, { steps: 4 });
  await page.mouse.move(box.x + width, y, { steps: 4 });
  await page.mouse.up();
  await eventually(
    async () => {
      const now = await bar.boundingBox();
      if (!now || Math.abs(now.width - width) > 8) throw new Error(`the side bar is ${now?.width} px wide`);
    },
    QUICK,
    `the side bar to be ${width} px wide`,
  );
}

/** The document of the webview panel on show: VS Code's webview host frame, then its content frame. */
export function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Waits for a notification toast with this text to be on screen, its slide-in animation done. */
export function shownToast(page: Page, text: string | RegExp): Locator {
  return page.locator('.notification-toast.notification-fade-in-done').filter({ hasText: text }).first();
}

/**
 * Runs a command from the Command Palette by its title (category included: "Skyvia: Open Log").
 * An editor still taking focus (a log just opened) closes the palette again, even between finding
 * the option and clicking it: ask, and choose, until the choice is taken. A click that times out
 * never reached the option, so asking again cannot run the command twice; `done` says when the
 * command has visibly begun (a reload) so that nothing is asked of a page on its way out.
 */
export async function paletteCommand(page: Page, title: string, done: () => boolean = () => false): Promise<void> {
  const palette = quickInput(page);
  const option = palette.getByRole('option', { name: new RegExp(`^${re(title)}`) }).first();
  await eventually(
    async () => {
      if (done()) return;
      if (!(await palette.isVisible())) await page.keyboard.press('F1');
      await palette.locator('input.input').fill(`>${title}`, { timeout: 2_000 });
      await option.click({ timeout: 2_000 });
    },
    QUICK,
    `the Command Palette to offer "${title}" and take the choice`,
  );
}

/**
 * Brings the Skyvia view on screen and waits for `shown` in its side bar. Its activity-bar tab is
 * clicked only while it is not the selected one: after a reload VS Code restores the side bar a
 * moment later, and a click on the already selected tab would hide the side bar again.
 */
export async function showSkyviaView(page: Page, shown: Locator): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Skyvia/ });
  await eventually(
    async () => {
      if ((await tab.getAttribute('aria-selected', { timeout: 2_000 })) !== 'true') await tab.click();
      await shown.waitFor({ timeout: 2_000 });
    },
    SLOW,
    'the Skyvia view on screen',
  );
}

/**
 * Opens VS Code's Accounts menu and rests the pointer on `item` in it. The pointer must leave the
 * Accounts button at once: the button's own hover ("Accounts - Sign in requested"), raised while
 * the pointer rests on it, takes the place of the menu. Should the menu close anyway (a window
 * still settling), it is opened again.
 */
export async function openAccountsMenu(page: Page, item: Locator): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await eventually(
    async () => {
      if (!(await menu.isVisible())) await page.locator('.activitybar [aria-label^="Accounts"]').first().click();
      await item.hover({ timeout: 2_000 });
    },
    QUICK,
    'the Accounts menu to show its Skyvia entry',
  );
}

/**
 * Opens VS Code's Accounts menu and chooses `item` in it. The menu closes by itself when the
 * accounts' entries change under it (a session told a moment after a sign-out): then it is opened
 * and chosen from again. A click that timed out never reached the item, so nothing runs twice.
 * `shown` runs once, when the menu first offers the item. `then`: what the choice brings on screen;
 * a click the menu let go by (it was drawn again under the pointer as sessions were told) brings
 * nothing, and the item is chosen again.
 */
export async function chooseInAccountsMenu(page: Page, item: Locator, shown?: () => Promise<unknown>, then?: Locator): Promise<void> {
  let first = true;
  await eventually(
    async () => {
      await openAccountsMenu(page, item);
      if (first && shown) await shown();
      first = false;
      await item.click({ timeout: 2_000 });
      await then?.waitFor({ timeout: 5_000 });
    },
    SLOW,
    'the Accounts menu to take the choice',
  );
}

/** Picks the option of the open quick pick whose label starts with `label`, typing it to filter first. */
export async function quickPick(page: Page, placeholder: RegExp, label: string): Promise<void> {
  const input = quickInput(page);
  const box = input.locator('input.input');
  await eventually(async () => assert.match((await box.getAttribute('placeholder')) ?? '', placeholder), SLOW, `the quick pick asking ${placeholder}`);
  await box.fill(label);
  const option = input.getByRole('option', { name: new RegExp(`^${re(label)}`) }).first();
  await option.waitFor({ timeout: QUICK });
  // The pointer may rest where the list just appeared, and the hover it raises over an option's
  // description would take the click meant for the option: it is moved off first.
  await page.mouse.move(0, 0);
  await option.click();
}

/**
 * Pictures of the product, cropped to what they show. Every run writes them under
 * test-results/e2e/pictures/; `npm run pictures` (SKYVIA_PICTURES=1) also writes the README's into
 * media/readme/ (PNG) and the walkthrough's into media/walkthrough/ (WebP coded losslessly: they
 * ship in the VSIX, and a screenshot of text and flat colours takes fewer bytes that way than as a
 * JPEG, without a JPEG's smudges around the letters).
 */
export const PICTURES_DIR = path.join(RESULTS_DIR, 'pictures');
const WRITE_PICTURES = process.env.SKYVIA_PICTURES === '1';
/** The Marketplace shows the README's pictures at their size: keep each well under 200 KB. */
export const README_PICTURE_MAX = 150_000;
/** The walkthrough's pictures ship in the VSIX (its budget is 250 KB in all). */
export const WALKTHROUGH_PICTURE_MAX = 24_000;

/** A part of the page: a region spanning several elements. */
export interface Clip {
  page: Page;
  clip: { x: number; y: number; width: number; height: number };
}

export interface PictureSizes {
  readme?: number;
  walkthrough?: number;
}

/** Takes `target`'s picture for the README (`readme`), the walkthrough (`walkthrough`) or both; returns the sizes. */
export async function picture(target: Locator | Clip, opts: { readme?: string; walkthrough?: string }): Promise<PictureSizes> {
  fs.mkdirSync(PICTURES_DIR, { recursive: true });
  const sizes: PictureSizes = {};
  const options = { animations: 'disabled', caret: 'hide', scale: 'css' } as const;
  const shoot = (o: { path?: string; type: 'png' }) =>
    'clip' in target ? target.page.screenshot({ ...options, ...o, clip: target.clip }) : target.screenshot({ ...options, ...o });
  if (opts.readme) {
    const file = path.join(PICTURES_DIR, `${opts.readme}.png`);
    await shoot({ path: file, type: 'png' });
    sizes.readme = fs.statSync(file).size;
    assert.ok(sizes.readme < README_PICTURE_MAX, `${opts.readme}.png is ${sizes.readme} bytes`);
    if (WRITE_PICTURES) copyInto(file, path.join(ROOT, 'media', 'readme'));
  }
  if (opts.walkthrough) {
    const file = path.join(PICTURES_DIR, `${opts.walkthrough}.webp`);
    fs.writeFileSync(file, await screenshotWebp(await shoot({ type: 'png' })));
    sizes.walkthrough = fs.statSync(file).size;
    assert.ok(sizes.walkthrough < WALKTHROUGH_PICTURE_MAX, `${opts.walkthrough}.webp is ${sizes.walkthrough} bytes`);
    if (WRITE_PICTURES) copyInto(file, path.join(ROOT, 'media', 'walkthrough'));
  }
  console.log(
    `      picture: ${[opts.readme && `${opts.readme}.png ${sizes.readme} B`, opts.walkthrough && `${opts.walkthrough}.webp ${sizes.walkthrough} B`].filter(Boolean).join(', ')}`,
  );
  return sizes;
}

/**
 * A screenshot as WebP for the walkthrough: lossless coding at libwebp's greatest effort (cwebp's
 * `-z 9`), in WebAssembly (@jsquash/webp), after libwebp's near-lossless step at strength 40,
 * which moves a pixel by a few levels where that makes it cheaper to code — no eye sees it on
 * text and flat colours (the walkthrough's five, compared side by side), and the files are an
 * eighth smaller than at its usual 60: the VSIX carries them. Chromium's canvas writes
 * lossless WebP too, but at an effort that leaves files about twice as large.
 */
async function screenshotWebp(png: Buffer): Promise<Buffer> {
  const { init, default: encode } = await import('@jsquash/webp/encode.js');
  // Node has WebAssembly SIMD, so init() takes the SIMD build: its wasm is the one to hand it (its
  // own loader would fetch it from a URL, which Node's fetch cannot do for a file).
  if (!webpReady) webpReady = WebAssembly.compile(fs.readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'))).then((m) => init(m));
  await webpReady;
  const { data, width, height } = PNG.sync.read(png);
  const webp = await encode(
    { data: Uint8ClampedArray.from(data), width, height, colorSpace: 'srgb' },
    { lossless: 1, quality: 100, method: 6, near_lossless: 40 },
  );
  return Buffer.from(webp);
}
let webpReady: Promise<unknown> | undefined;

/** The README's animation is a few frames of the whole window: it may be larger than a picture, not much. */
export const README_ANIMATION_MAX = 700_000;

/** Writes a storyboard as the README's animation `name`.gif (see `picture` for where); returns its size. */
export function animation(board: Storyboard, name: string): number {
  fs.mkdirSync(PICTURES_DIR, { recursive: true });
  const file = path.join(PICTURES_DIR, `${name}.gif`);
  const size = board.save(file);
  console.log(`      animation: ${name}.gif ${board.length} frames, ${size} B`);
  assert.ok(size < README_ANIMATION_MAX, `${name}.gif is ${size} bytes`);
  if (WRITE_PICTURES) copyInto(file, path.join(ROOT, 'media', 'readme'));
  return size;
}

function copyInto(file: string, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(file, path.join(dir, path.basename(file)));
}

/** Collapses the whole tree with the view's "Collapse All" button, then opens the account again. */
export async function collapseAll(page: Page): Promise<void> {
  const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Explorer' });
  // The explorer's own rows: the Failures view below may be open with a group expanded.
  const pane = sideBar(page)
    .locator('.pane')
    .filter({ has: page.locator('.pane-header', { hasText: 'Explorer' }) });
  await header.hover();
  await header.locator('[aria-label^="Collapse All"]').click();
  await eventually(async () => assert.equal(await pane.getByRole('treeitem', { expanded: true }).count(), 0), QUICK, 'the tree to collapse');
  await expand(pane.getByRole('treeitem').first());
}

/** Collapses a pane of the Skyvia side bar by its header. */
export async function collapsePane(page: Page, title: string): Promise<void> {
  const header = sideBar(page).locator('.pane-header').filter({ hasText: title });
  if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
}

/** Clears the notification toasts on screen, as a person does with their × button. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.notification-toast');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    // A toast may also go by itself (hidden, or replaced by the next) while it is being clicked:
    // a toast fewer is what is waited for, however it went.
    await eventually(
      async () => {
        if ((await toasts.count()) < n) return;
        const first = toasts.first();
        await first.hover({ timeout: 2_000 });
        await first.getByRole('button', { name: /^Clear Notification/ }).click({ timeout: 2_000 });
        assert.ok((await toasts.count()) < n, 'a toast fewer');
      },
      QUICK,
      'the toast to close',
    );
  }
}

/** axe-core's own source, evaluated in a panel's frame (evaluation is not subject to the page's CSP). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
  targets: string[];
}

/** The accessibility violations axe-core finds in the panel on show. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const host = await (await page.locator('iframe.webview.ready').elementHandle())?.contentFrame();
  const frame = host && (await (await host.locator('iframe#active-frame').elementHandle())?.contentFrame());
  if (!frame) throw new Error('no panel frame on show');
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(`(function () { ${AXE_SOURCE}\n})()`);
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
}

/** Chooses a colour theme in the palette, as a person does, and waits for the workbench to wear it. */
export async function setTheme(page: Page, theme: string): Promise<void> {
  const palette = quickInput(page);
  const box = palette.locator('input.input');
  // F1 pressed while a webview (a panel, the grid) is taking its focus back can open and close the
  // palette at once: pressed again until its box stays there to be typed in.
  for (let tries = 1; ; tries++) {
    await page.keyboard.press('F1');
    await box.waitFor({ timeout: QUICK });
    try {
      await box.fill('>Preferences: Color Theme', { timeout: 2_000 });
      break;
    } catch (e) {
      if (tries >= 3) throw e;
      await palette.waitFor({ state: 'hidden', timeout: QUICK }).catch(() => page.keyboard.press('Escape'));
    }
  }
  await palette
    .getByRole('option', { name: /Preferences: Color Theme/ })
    .first()
    .click();
  await box.fill(theme);
  await palette
    .getByRole('option', { name: new RegExp(`^${re(theme)}`) })
    .first()
    .click();
  await palette.waitFor({ state: 'hidden', timeout: QUICK });
  const dark = /Dark/.test(theme);
  await eventually(
    async () =>
      assert.equal(
        await page
          .locator('.monaco-workbench')
          .evaluate((el, d) => el.classList.contains(d ? 'vs-dark' : 'vs') || el.classList.contains(d ? 'hc-black' : 'hc-light'), dark),
        true,
      ),
    QUICK,
    `the ${theme} theme`,
  );
}
