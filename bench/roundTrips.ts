// The bench's side far from the service: the packaged extension in code-server, the demo at
// `--scale 10` (350 items) over HTTPS with a private certificate authority, behind a delay line
// of 150 ms a round trip that charges a new connection its TCP and TLS handshakes (network.ts),
// a pass-through (proxy.ts) noting when each request arrived, whether it opened its connection,
// and when its answer was sent, and a person's clicks in headless Chromium, each timed to what it
// draws — looked for on every animation frame, not by polling.
//
// For each action: the requests it made, the connections it opened, the round trips on its
// critical path (the longest chain of requests each sent after the one before it had been
// answered, a request that opened its connection counting its two handshakes) and its time from
// the click to the answer on screen, against the round trips it cannot do without (its floor:
// on a connection kept from before, but for the first request of all, which must open one).
import type { Frame, Locator, Page } from 'playwright-core';
import * as path from 'node:path';
import { ariaNumber, expand, rowByLabel, sideBar } from '../test/e2e/support';
import { settled, throughProxy } from './browser';
import { demoElsewhere } from './demoElsewhere';
import { privateAuthority, type DelayLine } from './network';
import type { Proxy, Served } from './proxy';

const WAIT = 120_000;
export const LATENCY = 150;
/** Round trips a new connection costs before its first request: TCP's, then TLS 1.3's. */
export const HANDSHAKES = 2;
const SAMPLES = 3;
// Runs that fail between successes (the demo's flaky integration).
const FLAKY = 'HubSpot Contacts Import';

export interface ActionFigure {
  /** What the baseline knows it by (network.<id>). */
  id: string;
  action: string;
  /** Round trips it cannot do without. */
  floor: number;
  /** Per sample: click → on screen, requests, round trips on the critical path. */
  samples: { ms: number; requests: number; roundTrips: number; connections: number; afterAnswerMs: number; extra?: Record<string, number> }[];
  /** What stands above the floor, when it does (a measured reason). */
  why?: string;
  /**
   * Budgets in ms, recorded as figures of their own: from the click to the first paint of what
   * was asked for (a sample's `extra.firstPaintMs`), from its last answer to the whole of it on
   * screen (`afterAnswerMs`), and from the click to the whole of it (`ms`).
   */
  budgetsMs?: { firstPaint?: number; afterAnswer?: number; whole?: number };
}

/**
 * The longest chain of requests in `served`, in round trips: each sent after the one before it
 * was answered, one that opened its connection counting `handshakes` round trips more.
 *
 * Times are the pass-through's, half a round trip (`rttMs`) from the client each way: a request
 * the client sent on a connection it opened reached it `handshakes` round trips after it was
 * sent, and one sent the moment an answer came back reaches it a whole round trip after that
 * answer left — half of one is the line between "after" and "at once".
 */
export function criticalPath(served: Served[], { handshakes = 0, rttMs = 0 } = {}): number {
  const sentAt = (r: Served) => r.startedAt - (r.fresh ? handshakes * rttMs : 0);
  const bySent = [...served].sort((a, b) => sentAt(a) - sentAt(b));
  const depth: number[] = [];
  bySent.forEach((r, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) if (bySent[j].endedAt + rttMs / 2 <= sentAt(r)) before = Math.max(before, depth[j]);
    depth[i] = before + 1 + (r.fresh ? handshakes : 0);
  });
  return Math.max(0, ...depth);
}

export interface NetworkRun {
  rttMs: number;
  figures: ActionFigure[];
  /** Connections the extension opened to the service over the whole run, and the requests it sent. */
  connections: number;
  requests: number;
}

/**
 * The actions at `rttMs` a round trip, over HTTPS, against the demo at `scale`; `only`: just
 * those actions by id (the view is still opened and the integrations expanded to reach them).
 */
export async function roundTrips(rttMs = LATENCY, scale = 10, only?: readonly string[]): Promise<NetworkRun> {
  const certificates = privateAuthority();
  try {
    const demo = await demoElsewhere(['--scale', String(scale), '--manual-clock']);
    return await throughProxy(
      demo,
      `bench-network-${rttMs}`,
      async (page, proxy, _s, line) => {
        const figures = await actions(page, proxy, line!, rttMs, scale, only);
        return { rttMs, figures, connections: line!.opened, requests: proxy.served.length };
      },
      { rttMs, certificates },
    );
  } finally {
    certificates.remove();
  }
}

async function actions(page: Page, proxy: Proxy, line: DelayLine, rttMs: number, scale: number, only?: readonly string[]): Promise<ActionFigure[]> {
  page.setDefaultTimeout(WAIT);
  const kept: ActionFigure[] = [];
  const wanted = (...ids: string[]) => !only || ids.some((id) => only.includes(id));
  /** The figures asked for (every one without `only`). */
  const figures = { push: (...measured: ActionFigure[]) => kept.push(...measured.filter((f) => wanted(f.id))) };
  /** `act` the click (timed from it), or what brings it within reach first (not timed) and then the click. */
  const timed = async (
    figure: ActionFigure,
    act: (() => Promise<unknown>) | { ready(): Promise<unknown>; act(): Promise<unknown> },
    shown: () => Promise<unknown>,
    extra?: () => Promise<Record<string, number>>,
  ) => {
    await rest(page);
    if (typeof act !== 'function') await act.ready();
    const from = proxy.served.length;
    // The first request of all must open a connection: that is in its floor.
    if (line.opened === 0 && !figure.samples.length) figure.floor += HANDSHAKES;
    const opened = line.opened;
    const t = performance.now();
    await (typeof act === 'function' ? act() : act.act());
    await shown();
    const ms = performance.now() - t;
    // Answers still on their way when the screen showed the result belong to it too (a request on a new connection takes three round trips).
    await page.waitForTimeout(rttMs * (1 + HANDSHAKES) + 100);
    const reqs = proxy.served.slice(from).filter((r) => r.startedAt >= t && r.startedAt <= t + ms);
    if (process.env.SKYVIA_BENCH_TRACE)
      console.log(
        `${figure.action}: ${Math.round(ms)} ms\n${reqs.map((r) => `  ${Math.round(r.startedAt - t)}–${Math.round(r.endedAt - t)}${r.fresh ? ' (new connection)' : ''} ${r.path}`).join('\n')}`,
      );
    // An answer leaves the pass-through half a round trip before it reaches the extension.
    const answered = reqs.filter((r) => r.endedAt + rttMs / 2 <= t + ms + 1);
    const lastAnswer = Math.max(t, ...answered.map((r) => r.endedAt + rttMs / 2));
    figure.samples.push({
      ms,
      requests: reqs.length,
      roundTrips: criticalPath(answered, { handshakes: HANDSHAKES, rttMs }),
      connections: line.opened - opened,
      // What it took once its last answer was in: ours and VS Code's drawing, not the network's.
      afterAnswerMs: t + ms - lastAnswer,
      extra: { ...(await extra?.()), freshConnections: reqs.filter((r) => r.fresh).length },
    });
  };
  const level = async (label: string) => (await ariaNumber(rowByLabel(page, label).first(), 'aria-level')) + 1;
  const childrenOf = async (label: string) => sideBar(page).locator(`[role=treeitem][aria-level="${await level(label)}"]`);

  // The extension host starts after the workbench shows: let it finish, as a person would be reading.
  await settled(page);
  // The view opened: the account's workspaces (the account is the tree's root when it is the only one).
  const open: ActionFigure = { id: 'open', action: 'Open the view → its workspaces', floor: 1, samples: [] };
  await timed(
    open,
    () => page.getByRole('tab', { name: /^Skyvia/ }).click(),
    () => drawn(page, () => Array.from(document.querySelectorAll('[role=treeitem]')).some((e) => e.getAttribute('aria-label')?.startsWith('Data Platform'))),
  );
  figures.push(open);

  const workspaces = ['Data Platform', 'Sales Ops', 'Finance'];
  const workspace: ActionFigure = { id: 'expandWorkspace', action: 'Expand a workspace → its categories', floor: 0, samples: [] };
  const category: ActionFigure = { id: 'expandIntegrations', action: 'Expand Integrations → its first page', floor: 1, samples: [] };
  for (const ws of workspaces) {
    const row = rowByLabel(page, ws).first();
    await timed(
      workspace,
      () => row.locator('.monaco-tl-twistie').click(),
      () => drawn(page, rowAfter, [ws, 'Integrations', 0]),
    );
    const integrations = sideBar(page)
      .locator(`[role=treeitem][aria-level="${await level(ws)}"]`)
      .filter({ hasText: 'Integrations' })
      .first();
    await timed(
      category,
      () => integrations.locator('.monaco-tl-twistie').click(),
      () => drawn(page, rowAfter, [ws, 'Integrations', 1]),
    );
    // Folded again, so the next workspace's rows are on screen.
    await row.locator('.monaco-tl-twistie').click();
  }
  figures.push(workspace, category);

  // Data Platform's integrations, open for what follows.
  await expand(rowByLabel(page, 'Data Platform').first(), WAIT);
  await expand(rowByLabel(page, 'Integrations').first(), WAIT);
  const items = (await childrenOf('Integrations')).filter({ hasNotText: /^Load more/ });

  const hover: ActionFigure = { id: 'hover', action: 'Hover an integration → its tooltip whole (after VS Code’s 300 ms delay)', floor: 1, samples: [] };
  for (let i = 0; i < (wanted('hover') ? SAMPLES : 0); i++) {
    await timed(
      hover,
      () => items.nth(i).hover(),
      () => drawn(page, () => Array.from(document.querySelectorAll('.workbench-hover, .monaco-hover')).some((e) => /Schedule/.test(e.textContent ?? ''))),
    );
    await page.keyboard.press('Escape');
  }
  figures.push(hover);

  const panel: ActionFigure = { id: 'openPanel', action: 'Open Panel, no panel open → fields, first page of runs, chart', floor: 1, samples: [] };
  /** In a panel's frame: its heading, chart and more than one row of its table drawn. */
  const whole = () => !!document.querySelector('#app h1') && !!document.querySelector('#app canvas') && document.querySelectorAll('#app tbody tr').length > 1;
  for (let i = 0; i < (wanted('openPanel') ? SAMPLES + 1 : 0); i++) {
    const before = new Set(page.frames());
    let webview: { waitMs: number; oursMs: number } | undefined;
    // Each a first panel: none open before it (the next would show in its preview panel).
    await closeEditors(page);
    await timed(
      panel,
      chosen(page, items.nth(i), 'Open Panel'),
      async () => {
        const frame = await newPanelFrame(page, before);
        await frame.waitForFunction(
          () => !!document.querySelector('#app h1') && !!document.querySelector('#app canvas') && document.querySelectorAll('#app tbody tr').length > 1,
          undefined,
          { polling: 'raf', timeout: WAIT },
        );
        webview = await panelParts(frame, Date.now());
      },
      async () => ({ serviceWorkerMs: webview?.waitMs ?? NaN, oursMs: webview?.oursMs ?? NaN }),
    );
  }
  figures.push(panel);
  await closeEditors(page);

  // A panel after the first: with workbench.editor.enablePreview on (VS Code's default), the next
  // item opened shows in the preview panel already on screen — no new webview. Timed from the
  // click to its first paint (its heading: what the row knew) and to the whole of it (the history
  // page's answer drawn as its table and chart).
  const second: ActionFigure = {
    id: 'secondPanel',
    action: 'Open Panel while a preview panel shows another item → the same panel shows it whole (preview reuse)',
    floor: 1,
    samples: [],
    budgetsMs: { firstPaint: 450, afterAnswer: 300 },
  };
  for (let i = 0; i < (wanted('secondPanel') ? SAMPLES : 0); i++) {
    let frame: Frame | undefined;
    let shown = '';
    let clickedAt = 0;
    let firstPaintMs = NaN;
    // Items of their own, two a sample: none read before (the reader keeps what it read).
    const [firstItem, nextItem] = [items.nth(SAMPLES + 1 + 2 * i), items.nth(SAMPLES + 2 + 2 * i)];
    const next = chosen(page, nextItem, 'Open Panel');
    await timed(
      second,
      {
        // Not timed: the first item's panel, whole, then the next one's menu.
        ready: async () => {
          await closeEditors(page);
          const before = new Set(page.frames());
          const opening = chosen(page, firstItem, 'Open Panel');
          await opening.ready();
          await opening.act();
          frame = await newPanelFrame(page, before);
          await frame.waitForFunction(whole, undefined, { polling: 'raf', timeout: WAIT });
          shown = await frame.evaluate(() => document.querySelector('#app h1')?.textContent ?? '');
          await rest(page);
          await next.ready();
        },
        act: async () => {
          clickedAt = performance.now();
          await next.act();
        },
      },
      async () => {
        const f = frame!;
        await f.waitForFunction((was) => (document.querySelector('#app h1')?.textContent ?? was) !== was, shown, { polling: 'raf', timeout: WAIT });
        firstPaintMs = performance.now() - clickedAt;
        await f.waitForFunction(whole, undefined, { polling: 'raf', timeout: WAIT });
      },
      async () => ({ firstPaintMs, newWebviews: (await panelFrames(page)).length - 1 }),
    );
  }
  figures.push(second);
  await closeEditors(page);

  // A failing integration's runs: a run's panel, its log, Compare with Last Success.
  await expand(rowByLabel(page, 'Legacy ERP Sync (broken)').first(), WAIT);
  const runs = await childrenOf('Legacy ERP Sync (broken)');
  await runs.first().waitFor({ timeout: WAIT });
  // Its floor is none: the row holds what the panel first shows. The run's own read is held back
  // by the pass-through for 3 s, so a panel that waited for it would show it.
  const runPanel: ActionFigure = { id: 'runPanel', action: 'Open Panel on a run row, no panel open → its panel (its read held 3 s)', floor: 0, samples: [] };
  proxy.hold(/\/executions\/\d+$/, 3_000);
  for (let i = 0; i < (wanted('runPanel') ? SAMPLES : 0); i++) {
    const before = new Set(page.frames());
    await closeEditors(page);
    await timed(runPanel, chosen(page, runs.nth(i), 'Open Panel'), async () => {
      const frame = await newPanelFrame(page, before);
      await frame.waitForFunction(() => /^Run \d+$/.test(document.querySelector('#app h1')?.textContent ?? ''), undefined, { polling: 'raf', timeout: WAIT });
    });
  }
  // Down a history, a click a row as a person reads it: each run in the preview panel the one
  // before it opened. Its floor is none: the row holds what the panel first shows.
  const nextRun: ActionFigure = {
    id: 'nextRunPanel',
    action: 'Click the next run row while a run’s preview panel shows → that run in the same panel (its read held 3 s)',
    floor: 0,
    samples: [],
    budgetsMs: { whole: 450 },
  };
  if (wanted('nextRunPanel')) {
    await closeEditors(page);
    const before = new Set(page.frames());
    // Runs after those Open Log reads below (a panel's read of a run is shared with its log).
    await runs.nth(2 * SAMPLES).click();
    const frame = await newPanelFrame(page, before);
    const heading = () => frame.evaluate(() => document.querySelector('#app h1')?.textContent ?? '');
    await frame.waitForFunction(() => /^Run \d+$/.test(document.querySelector('#app h1')?.textContent ?? ''), undefined, { polling: 'raf', timeout: WAIT });
    for (let i = 0; i < SAMPLES; i++) {
      const shown = await heading();
      await timed(
        nextRun,
        () => runs.nth(2 * SAMPLES + 1 + i).click(),
        () =>
          frame.waitForFunction(
            (was) => {
              const now = document.querySelector('#app h1')?.textContent ?? '';
              return /^Run \d+$/.test(now) && now !== was;
            },
            shown,
            { polling: 'raf', timeout: WAIT },
          ),
        async () => ({ newWebviews: (await panelFrames(page)).length - 1 }),
      );
    }
  }
  proxy.hold(/./, 0);
  figures.push(runPanel, nextRun);
  await closeEditors(page);
  if (!wanted('openLog', 'compareWithLastSuccess', 'failures24h', 'failures7d', 'runsGrid')) return kept;

  const log: ActionFigure = { id: 'openLog', action: 'Open Log on a run row → its first line', floor: 1, samples: [] };
  // Runs whose panels were not opened above: their logs not read yet.
  for (let i = SAMPLES; i < 2 * SAMPLES; i++) {
    const id = /Run (\d+)/.exec((await runs.nth(i).getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await timed(log, chosen(page, runs.nth(i), 'Open Log'), () => drawn(page, editorShows, `Run ${id}`));
    await closeEditors(page);
  }
  figures.push(log);

  const compare: ActionFigure = {
    id: 'compareWithLastSuccess',
    action: 'Compare with Last Success on a failed run → both logs side by side',
    floor: 2,
    samples: [],
  };
  // An integration whose failures have successes before them (the broken one has none).
  await rowByLabel(page, 'Legacy ERP Sync (broken)').first().locator('.monaco-tl-twistie').click();
  await expand(rowByLabel(page, FLAKY).first(), WAIT);
  const flaky = await childrenOf(FLAKY);
  await flaky.first().waitFor({ timeout: WAIT });
  const failed = flaky.filter({ hasText: /Failed/ });
  const count = Math.min(SAMPLES, await failed.count());
  if (!count) throw new Error(`no failed run among the first page of ${FLAKY}`);
  for (let i = 0; i < count; i++) {
    await timed(compare, chosen(page, failed.nth(i), 'Compare with Last Success'), () =>
      drawn(page, () => {
        const diff = document.querySelector('.part.editor .monaco-diff-editor');
        return (
          !!diff?.querySelector('.editor.original .view-line')?.textContent?.trim() && !!diff.querySelector('.editor.modified .view-line')?.textContent?.trim()
        );
      }),
    );
    await closeEditors(page);
  }
  figures.push(compare);

  // The Failures view: every item's history, read when the view is first shown, then for 7 days.
  const failures: ActionFigure = { id: 'failures24h', action: 'Failures view, last 24 hours', floor: 0, samples: [] };
  await timed(
    failures,
    () => sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' }).click(),
    () =>
      drawn(page, () =>
        Array.from(document.querySelectorAll('[role=treeitem]')).some((e) => /failed in the last 24 hours/.test(e.getAttribute('aria-label') ?? '')),
      ),
  );
  const week: ActionFigure = { id: 'failures7d', action: 'Failures view, last 7 days', floor: 0, samples: [] };
  const header = sideBar(page).locator('.pane-header').filter({ hasText: 'Failures' });
  // Then its range buttons, turn about: each a whole reading again (a sample of each range).
  const range = (figure: ActionFigure, button: RegExp, summary: RegExp) =>
    timed(
      figure,
      {
        // The view's title buttons show while the pointer is over it.
        ready: async () => {
          await header.hover();
          await header.getByRole('button', { name: button }).waitFor();
        },
        act: () => header.getByRole('button', { name: button }).click(),
      },
      () =>
        drawn(
          page,
          (s) => Array.from(document.querySelectorAll('[role=treeitem]')).some((e) => new RegExp(s).test(e.getAttribute('aria-label') ?? '')),
          summary.source,
        ),
    );
  for (let i = 0; i < SAMPLES; i++) {
    await range(week, /Failures of the Last 7 Days/, /failed in the last 7 days/);
    if (i < SAMPLES - 1) await range(failures, /Failures of the Last 24 Hours/, /failed in the last 24 hours/);
  }
  // The runs grid of the week just read, from the view's title bar: drawn from the reading, no
  // request of its own (its floor is 0), a new webview each time.
  const grid: ActionFigure = {
    id: 'runsGrid',
    action: 'Show Runs Grid once the week is read → its cells',
    floor: 0,
    samples: [],
    budgetsMs: { whole: 500 },
  };
  for (let i = 0; i < (wanted('runsGrid') ? SAMPLES : 0); i++) {
    const before = new Set(page.frames());
    let webview: { waitMs: number; oursMs: number } | undefined;
    await timed(
      grid,
      {
        ready: async () => {
          await header.hover();
          await header.getByRole('button', { name: 'Show Runs Grid' }).waitFor();
        },
        act: () => header.getByRole('button', { name: 'Show Runs Grid' }).click(),
      },
      async () => {
        const frame = await newPanelFrame(page, before);
        await frame.waitForSelector('[role=gridcell]', { timeout: WAIT });
        webview = await panelParts(frame, Date.now());
      },
      async () => ({ serviceWorkerMs: webview?.waitMs ?? NaN, oursMs: webview?.oursMs ?? NaN }),
    );
    await closeEditors(page);
  }
  figures.push(grid);
  if (scale >= 10) {
    // At scale 10, a week of 350 items is thousands of failures: the view shows a page, then
    // "Show more…" (just before the group of unusual successes). Reached by the keyboard as a
    // person would — the last row, up to its group, the group collapsed, the row before it — and
    // Enter on it (a picture of each).
    const pane = sideBar(page)
      .locator('.pane')
      .filter({ has: page.locator('.pane-header', { hasText: 'Failures' }) });
    await pane.getByRole('treeitem', { name: /failed in the last 7 days/ }).click();
    for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
    const more = pane.getByRole('treeitem', { name: /^Show more…/ });
    await more.waitFor({ timeout: WAIT });
    const before = await more.getAttribute('aria-label');
    await page.screenshot({ path: path.join(__dirname, 'results', 'failures-show-more.png') });
    await page.keyboard.press('Enter');
    // The next page in its place: the focused row, where "Show more…" was, is a failure now.
    await page.waitForFunction(
      () =>
        /failed/i.test(document.querySelector('.part.sidebar [role=treeitem].focused')?.getAttribute('aria-label') ?? '') &&
        !/^Show more…/.test(document.querySelector('.part.sidebar [role=treeitem].focused')?.getAttribute('aria-label') ?? ''),
      undefined,
      { timeout: WAIT },
    );
    await page.screenshot({ path: path.join(__dirname, 'results', 'failures-shown-more.png') });
    if (process.env.SKYVIA_BENCH_TRACE) console.log(`Show more…: "${before}", then the next page in its place`);
  }
  // Its floor: ⌈requests ÷ the most out at once⌉ (the lists, each item's newest page, the older failures of the busiest).
  for (const f of [failures, week]) f.floor = Math.ceil(Math.max(...f.samples.map((x) => x.requests)) / 24);
  figures.push(failures, week);
  return kept;
}

/** Resolves on the first animation frame where `check` holds in the workbench. */
async function drawn<A>(page: Page, check: (arg: A) => boolean, arg?: A): Promise<void> {
  await page.waitForFunction(check as (arg: unknown) => boolean, arg, { polling: 'raf', timeout: WAIT });
}

/**
 * In the page: whether the row `child` shows under the row `label` — with `depth` 1, its first
 * row of its own too (not the progress row). Self-contained: it is sent to the page as text.
 */
const rowAfter = ([label, child, depth]: [string, string, number]): boolean => {
  const rows = Array.from(document.querySelectorAll('.part.sidebar [role=treeitem]'));
  const at = rows.findIndex((e) => e.getAttribute('aria-label')?.startsWith(label));
  if (at < 0) return false;
  const level = Number(rows[at].getAttribute('aria-level'));
  const cat = rows.slice(at + 1).find((e) => Number(e.getAttribute('aria-level')) === level + 1 && e.getAttribute('aria-label')?.startsWith(child));
  if (!cat || !depth) return !!cat;
  const next = rows[rows.indexOf(cat) + 1];
  return !!next && Number(next.getAttribute('aria-level')) === level + 2 && !/^Loading/.test(next.getAttribute('aria-label') ?? '');
};

/** In the page: whether an editor on screen shows `text` (it draws spaces as non-breaking ones). */
const editorShows = (text: string): boolean =>
  Array.from(document.querySelectorAll('.part.editor .view-lines')).some((e) => e.textContent?.replace(/\u00a0/g, ' ').includes(text));

/** The content frames of the panels on screen. */
async function panelFrames(page: Page): Promise<Frame[]> {
  const found: Frame[] = [];
  for (const f of page.frames()) if (await f.evaluate(() => !!document.getElementById('app')).catch(() => false)) found.push(f);
  return found;
}

/** The content frame of a webview panel that was not there before. */
async function newPanelFrame(page: Page, before: Set<Frame>): Promise<Frame> {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      if (before.has(f)) continue;
      if (await f.evaluate(() => !!document.getElementById('app')).catch(() => false)) return f;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('no panel opened');
}

/**
 * Where a panel's time went, read from its frames' own timings: how long VS Code's webview host
 * kept the frame waiting for its service worker (in a browser every webview registers the worker
 * again under its own id at the same scope, and its page, fake.html, is fetched only once the new
 * worker took over), and how long from that page's arrival to the panel drawn (`drawnAt`,
 * Date.now()): our page, its script, its model and first paint.
 */
async function panelParts(frame: Frame, drawnAt: number): Promise<{ waitMs: number; oursMs: number }> {
  const outer = frame.parentFrame();
  const page = outer
    ? await outer.evaluate(() => {
        const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => /fake\.html/.test(r.name));
        return e ? { waitMs: e.fetchStart - e.startTime, loadedAt: performance.timeOrigin + e.responseEnd } : undefined;
      })
    : undefined;
  return { waitMs: page?.waitMs ?? NaN, oursMs: page ? drawnAt - page.loadedAt : NaN };
}

/**
 * A row's context menu, opened (not timed), then its item clicked (timed), the pointer then moved
 * off the tree as a person's hand moves on: a row left under it would be hovered and read.
 */
function chosen(page: Page, row: Locator, name: string): { ready(): Promise<unknown>; act(): Promise<unknown> } {
  const item = page.locator('.context-view .monaco-menu').getByRole('menuitem', { name });
  return {
    ready: async () => {
      await row.click({ button: 'right' });
      await item.waitFor({ timeout: WAIT });
      await item.hover();
    },
    act: async () => {
      await item.click();
      await page.mouse.move(900, 700);
    },
  };
}

/** The pointer away from the tree, no tooltip or menu open. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(900, 700);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
}

async function closeEditors(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W');
  await page.waitForFunction(() => !document.querySelector('.part.editor .tabs-container [role=tab]'), undefined, { polling: 'raf', timeout: WAIT });
}
