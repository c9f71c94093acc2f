// The benchmark's side in a browser: the packaged extension installed in code-server, signed in
// to the demo service from the environment as `npm start` does, and a person's clicks in
// headless Chromium, timed by what is on screen. The demo is reached through a pass-through
// (proxy.ts) that tells when an answer was sent in full and how many bytes went where.
//
//   first rows     the Skyvia view opened → its first rows (the account's workspaces) on screen,
//                  over fresh extension hosts (page reloads), with the body's load time the
//                  extension writes to its log
//   open log       a click on Open Log → the log's first line on screen, beside the time its
//                  18.5 MB answer was sent: what happens after the answer is ours and the editor's
//   panel → log    a run's panel, then Open Log in it: requests and bytes for that run
//   reload         a log and a details tab, then a window reload: their content on screen again
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_FIXTURES as F, startDemoService } from '../src/demo';
import { ariaNumber, eventually, expand, openSession, reloadWindow, rowByLabel, sideBar, type E2ESession } from '../test/e2e/support';
import { startDelayLine, type Certificates, type DelayLine } from './network';
import { startProxy, type Proxy } from './proxy';

const WAIT = 180_000;
const BROKEN = 'Legacy ERP Sync (broken)';
const RUN_PATH = new RegExp(`^/v1/workspaces/${F.workspaceId}/integrations/${F.integrations.alwaysFails.integrationId}/executions/(\\d+)$`);

export interface BrowserFigures {
  firstRows: { ms: number; bodyMs?: number; cached?: boolean; afterActivationMs?: number; startMs?: number; loadedAtMs?: number; answeredAtMs?: number }[];
  openLog: { clickToScreenMs: number; answerMs: number; bytes: number }[];
  panelThenLog: { requests: number; bytes: number; logBytes: number };
  reload: { tabs: number; shown: number; missing: string[]; requests: number; ms: number };
}

export async function inBrowser(bigLog: (mark: string, runId: string) => string): Promise<BrowserFigures> {
  return throughProxy(await startDemoService({ port: 0, manualClock: true }), 'bench', async (page, proxy, s) => {
    const firstRows = await timeFirstRows(page, s);
    const openLog = await timeOpenLog(page, proxy, bigLog);
    const panelThenLog = await panelThenLogBytes(page, proxy, bigLog);
    const reload = await afterReload(page, proxy);
    return { firstRows, openLog, panelThenLog, reload };
  });
}

/**
 * The packaged extension in code-server, signed in to `demo` through a pass-through (the figures
 * read from the wire), for `use`; then the session, the pass-through and the demo are closed.
 * With `far`, the pass-through answers HTTPS with a certificate of a private authority behind a
 * delay line of `rttMs` (network.ts). The extension host trusts the authority as the README tells
 * a user to without the system's store: NODE_EXTRA_CA_CERTS, with `http.systemCertificates` off
 * (while it is on, VS Code's fetch gives Node a list of its own, and the variable is not read).
 */
export async function throughProxy<T>(
  demo: { url: string; token: string; close(): Promise<void> },
  name: string,
  use: (page: Page, proxy: Proxy, s: E2ESession, line?: DelayLine) => Promise<T>,
  far?: { rttMs: number; certificates: Certificates },
): Promise<T> {
  const proxy = await startProxy(demo.url, far?.certificates);
  const line = far ? await startDelayLine({ host: '127.0.0.1', port: Number(new URL(proxy.url).port) }, far.rttMs) : undefined;
  let s: E2ESession | undefined;
  try {
    s = await openSession({
      name,
      env: {
        SKYVIA_EXPLORER_BASE_URL: line ? `https://127.0.0.1:${line.port}` : proxy.url,
        SKYVIA_EXPLORER_TOKEN: demo.token,
        ...(far ? { NODE_EXTRA_CA_CERTS: far.certificates.caFile } : {}),
      },
      settings: {
        'skyvia.notifyOnRunEnd': 'none',
        'editor.minimap.enabled': false,
        ...(far ? { 'http.systemCertificates': false } : {}),
      },
    });
    s.page.setDefaultTimeout(WAIT);
    return await use(s.page, proxy, s, line);
  } finally {
    await s?.close();
    await line?.close();
    await proxy.close();
    await demo.close();
  }
}

/** Fresh extension hosts (Reload Window starts one): click the view, wait for the workspaces. */
async function timeFirstRows(page: Page, s: E2ESession): Promise<BrowserFigures['firstRows']> {
  const rounds: BrowserFigures['firstRows'] = [];
  for (let round = 0; round < 5; round++) {
    if (round) {
      // Leave the Skyvia view closed, so the reloaded window opens without it.
      await page
        .getByRole('tab', { name: /^Explorer/ })
        .first()
        .click();
      await reloadWindow(page);
    }
    // The extension host starts after the workbench shows: let it finish, as a person would be reading.
    await settled(page);
    const clickedAt = Date.now();
    const t = performance.now();
    await page.getByRole('tab', { name: /^Skyvia/ }).click();
    await rowByLabel(page, 'Data Platform').waitFor({ timeout: WAIT });
    const ms = performance.now() - t;
    await page.waitForTimeout(1_000); // the log is written to its file a moment later
    // The extension's log tells, to the millisecond, when its body was loaded and the workspaces answered.
    const lines = s
      .extensionLogs()
      .join('\n')
      .split('\n')
      .map((l) => ({ at: Date.parse(l.slice(0, 23).replace(' ', 'T')), text: l }))
      .filter((l) => l.at >= clickedAt);
    const loadedLine = lines.find((l) => /Loaded: the body in/.test(l.text));
    const loaded = /Loaded: the body in ([\d.]+) ms( \(compiled code from the cache\))?, asked for ([\d.]+) ms after activation, started in ([\d.]+) ms/.exec(
      loadedLine?.text ?? '',
    );
    const answered = lines.find((l) => /GET \/v1\/workspaces → 200/.test(l.text));
    rounds.push({
      ms,
      bodyMs: loaded ? Number(loaded[1]) : undefined,
      cached: loaded ? !!loaded[2] : undefined,
      afterActivationMs: loaded ? Number(loaded[3]) : undefined,
      startMs: loaded ? Number(loaded[4]) : undefined,
      loadedAtMs: loadedLine ? loadedLine.at - clickedAt : undefined,
      answeredAtMs: answered ? answered.at - clickedAt : undefined,
    });
  }
  return rounds;
}

/** Once no extension is being activated, and two seconds more. */
export async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(2_000);
  await eventually(
    async () => {
      if (
        await page
          .locator('.statusbar-item')
          .filter({ hasText: /Activating Extensions/ })
          .count()
      )
        throw new Error('extensions are being activated');
    },
    WAIT,
    'the extensions to be activated',
  );
  await page.waitForTimeout(2_000);
}

/** The failing integration's runs, expanded; its run rows. */
async function runRows(page: Page): Promise<Locator> {
  await expand(rowByLabel(page, 'Data Platform'), WAIT);
  await expand(rowByLabel(page, 'Integrations'), WAIT);
  const broken = rowByLabel(page, BROKEN);
  await expand(broken, WAIT);
  const level = (await ariaNumber(broken, 'aria-level')) + 1;
  return sideBar(page).locator(`[role=treeitem][aria-level="${level}"]`);
}

/** Clicks a context-menu item of a row; the time of the click. */
async function choose(page: Page, row: Locator, item: string): Promise<number> {
  await row.click({ button: 'right' });
  const entry = page.locator('.context-view .monaco-menu').getByRole('menuitem', { name: item });
  await entry.waitFor({ timeout: WAIT });
  await entry.hover();
  const t = performance.now();
  await entry.click();
  return t;
}

/** Waits until an editor on screen shows `text`, looking at every frame. */
async function onScreen(page: Page, text: string, timeout = WAIT): Promise<number> {
  // The editor draws spaces as non-breaking ones.
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.part.editor .view-lines')).some((e) => e.textContent?.replace(/\u00a0/g, ' ').includes(t)),
    text,
    { polling: 'raf', timeout },
  );
  return performance.now();
}

async function closeEditors(page: Page): Promise<void> {
  await page.keyboard.press('F1');
  const box = page.locator('.quick-input-widget input.input');
  await box.fill('>View: Close All Editors');
  await page
    .locator('.quick-input-widget')
    .getByRole('option', { name: /^View: Close All Editors\b(?! Groups)/ })
    .first()
    .click();
  await eventually(
    async () => {
      if (await page.locator('.part.editor .tabs-container [role=tab]').count()) throw new Error('tabs still open');
    },
    WAIT,
    'the editors to close',
  );
}

/** Open Log on three runs answered with 18.5 MB each: click → first line on screen, and when the answer had been sent. */
async function timeOpenLog(page: Page, proxy: Proxy, bigLog: (mark: string, runId: string) => string): Promise<BrowserFigures['openLog']> {
  const rows = await runRows(page);
  const rounds: BrowserFigures['openLog'] = [];
  for (let round = 0; round < 3; round++) {
    const mark = `BROWSERLOG${round}`;
    proxy.arm(RUN_PATH, (runId) => bigLog(mark, runId));
    const from = proxy.served.length;
    const clicked = await choose(page, rows.nth(round), 'Open Log');
    const shown = await onScreen(page, mark);
    const answer = proxy.served.slice(from).find((a) => RUN_PATH.test(a.path));
    if (!answer) throw new Error('the run was not read');
    rounds.push({ clickToScreenMs: shown - clicked, answerMs: answer.endedAt - clicked, bytes: answer.bytes });
    await closeEditors(page);
  }
  proxy.disarm();
  return rounds;
}

/** A run's panel, then Open Log in it, as a person does: what crossed the wire for that run. */
async function panelThenLogBytes(page: Page, proxy: Proxy, bigLog: (mark: string, runId: string) => string): Promise<BrowserFigures['panelThenLog']> {
  const rows = await runRows(page);
  proxy.arm(RUN_PATH, (runId) => bigLog('PANELTHENLOG', runId));
  const from = proxy.served.length;
  await choose(page, rows.nth(3), 'Open Panel');
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  await panel.locator('h1', { hasText: /^Run \d+$/ }).waitFor({ timeout: WAIT });
  await panel.locator('button.button', { hasText: 'Open Log' }).click();
  await onScreen(page, 'PANELTHENLOG');
  proxy.disarm();
  const reads = proxy.served.slice(from).filter((a) => RUN_PATH.test(a.path));
  await closeEditors(page);
  return { requests: reads.length, bytes: reads.reduce((n, a) => n + a.bytes, 0), logBytes: reads[0]?.bytes ?? 0 };
}

/** A run's details and log open, the window reloaded: both read again and on screen. */
async function afterReload(page: Page, proxy: Proxy): Promise<BrowserFigures['reload']> {
  const rows = await runRows(page);
  await choose(page, rows.nth(4), 'Show Details');
  await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: /\.md/ }).first().waitFor({ timeout: WAIT });
  await choose(page, rows.nth(4), 'Open Log');
  await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: /\.log/ }).first().waitFor({ timeout: WAIT });
  const from = proxy.served.length;
  const t = performance.now();
  await reloadWindow(page);
  const missing: string[] = [];
  for (const [tab, text] of [
    [/\.log/, 'ERROR'],
    [/\.md/, 'As returned by the API'],
  ] as const) {
    await page.locator('.part.editor .tabs-container [role=tab]').filter({ hasText: tab }).first().click();
    if (
      !(await onScreen(page, text, 60_000).then(
        () => true,
        () => false,
      ))
    )
      missing.push(tab.source);
  }
  const ms = performance.now() - t;
  if (missing.length) {
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    await page.screenshot({ path: path.join(__dirname, 'results', 'reload-missing.png') });
  }
  return { tabs: 2, shown: 2 - missing.length, missing, requests: proxy.served.slice(from).filter((a) => RUN_PATH.test(a.path)).length, ms };
}
