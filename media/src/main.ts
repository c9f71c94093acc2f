// The item panel's webview. It asks for its model ('ready'), renders it with DOM calls and
// textContent only — no API string is ever parsed as HTML — and sends back typed messages for
// the actions the model offered. Plain HTML elements — buttons, a checkbox, a select, a table —
// drawn as VS Code draws its own (panel.css); the history chart: uPlot. Colours come only from
// --vscode-* variables.
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './page.css';
import './panel.css';
import { formatDate, formatDateTime, formatTime } from '../../src/shared/format';
import {
  HISTORY_RANGES,
  type ChartData,
  type ChartSeries,
  type FromWebview,
  type HistoryRange,
  type HistoryRow,
  type PanelAction,
  type PanelModel,
  type ToWebview,
} from '../../src/shared/panelProtocol';
import { el } from './dom';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') as HTMLElement;
let model: PanelModel | undefined;
let chart: uPlot | undefined;
const SORT_FIRST = { by: 'when', desc: true } as const;
let sort: { by: 'when' | 'state'; desc: boolean } = SORT_FIRST;
/** A preview panel: the next object opened shows here instead, until it is kept open. */
let preview = false;
/** The object shown (its saved ref, as text): another one in a preview panel starts at the top, sorted as first shown. */
let shown = '';
/** A chart axis's name (the unit its series share), in the user's language. */
function axisLabel(unit: string): string {
  if (unit === 'seconds') return l10n.t('seconds');
  if (unit === 'rows') return l10n.t('rows');
  if (unit === 'tasks') return l10n.t('tasks');
  if (unit === 'KB') return l10n.t('KB');
  return unit;
}

/** A time range's name in the user's language (read when drawn: the translations come with the first model). */
const rangeLabel = (range: HistoryRange): string =>
  range === '24h' ? l10n.t('Last 24 hours') : range === '7d' ? l10n.t('Last 7 days') : range === '30d' ? l10n.t('Last 30 days') : l10n.t('All time');

/** A button; while its request is out it says so and takes no click. */
function button(action: PanelAction, send: () => void): HTMLElement {
  const attrs: Record<string, string> = { type: 'button' };
  if (action.pending) Object.assign(attrs, { disabled: '', 'aria-busy': 'true' });
  if (action.name) attrs['aria-label'] = action.name;
  const b = el('button', {
    class: action.primary ? 'button' : 'button secondary',
    text: action.pending ? `${action.label.replace(/…$/, '')}…` : action.label,
    attrs,
  });
  if (!action.pending) b.addEventListener('click', send);
  return b;
}

/** How the last action went, announced to screen readers as it changes. */
function renderNotice(m: PanelModel): HTMLElement | undefined {
  return m.notice
    ? el('p', { class: `notice tone-${m.notice.tone}`, text: m.notice.text, attrs: { role: m.notice.tone === 'error' ? 'alert' : 'status' } })
    : undefined;
}

/** Work under way, as VS Code's progress ring shows it: for the eye only (the text beside it says what). */
function spinner(): HTMLElement {
  return el('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } });
}

function pill(text: string, tone: string): HTMLElement {
  return el('span', { text, class: `pill tone-${tone}` });
}

/**
 * A preview panel says so where its heading is (its heading in italics, as VS Code's preview tabs
 * write theirs) and offers Keep Open, as its title bar does.
 */
function renderPreview(): HTMLElement | undefined {
  if (!preview) return undefined;
  return el(
    'p',
    { class: 'preview-note' },
    el('span', { text: l10n.t('Preview: the next item you open shows here instead.') }),
    button({ command: '', label: l10n.t('Keep Open') }, () => vscode.postMessage({ type: 'keep' })),
  );
}

function renderHeader(m: PanelModel): HTMLElement {
  return el(
    'header',
    { class: preview ? 'preview' : '' },
    renderPreview(),
    el(
      'div',
      { class: 'title-row' },
      el('span', { class: 'badge', text: m.kind }),
      el('h1', { text: m.heading }),
      m.state ? pill(m.state.text, m.state.tone) : undefined,
    ),
    m.parent ? el('p', { class: 'parent', text: l10n.t('of {0}', m.parent) }) : undefined,
    el('div', { class: 'actions' }, ...m.actions.map((a) => button(a, () => vscode.postMessage({ type: 'action', command: a.command })))),
    renderNotice(m),
  );
}

function renderLive(m: PanelModel): HTMLElement | undefined {
  if (!m.live) return undefined;
  return el(
    'section',
    { class: 'live', attrs: { 'aria-label': l10n.t('Under way') } },
    spinner(),
    el('span', { text: m.live.text }),
    el('div', { class: 'actions' }, ...m.live.actions.map((a) => button(a, () => vscode.postMessage({ type: 'action', command: a.command })))),
  );
}

function renderFields(m: PanelModel): HTMLElement {
  if (m.error) return el('p', { class: 'error', text: m.error });
  const list = el('dl', { class: 'fields' });
  for (const [label, value] of m.fields) {
    list.appendChild(el('dt', { text: label }));
    list.appendChild(el('dd', { text: value }));
  }
  return el('section', { attrs: { 'aria-label': l10n.t('Details') } }, list);
}

function sortedRows(rows: HistoryRow[]): HistoryRow[] {
  // Rows come newest first: "when" sorts by that order, "state" groups failures first.
  const indexed = rows.map((row, i) => ({ row, i }));
  indexed.sort((a, b) => (sort.by === 'when' ? a.i - b.i : a.row.state.localeCompare(b.row.state) || a.i - b.i) * (sort.desc ? 1 : -1));
  return indexed.map((x) => x.row);
}

/**
 * The time axis's labels (uPlot gives seconds): days when ticks are a day or more apart, else
 * times with the day under the first of each — as the rest of the extension writes them.
 */
function timeTicks(_u: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] {
  let last = '';
  return splits.map((s) => {
    const day = formatDate(s * 1000);
    if (increment >= 86_400) return day;
    const label = day === last ? formatTime(s * 1000) : `${formatTime(s * 1000)}\n${day}`;
    last = day;
    return label;
  });
}

function renderHistory(m: PanelModel): HTMLElement | undefined {
  const h = m.history;
  if (!h) return undefined;
  // The filter: failed only, and how far back. The service filters; the extension reloads the first page.
  const failedOnly = el('input', { attrs: { type: 'checkbox', ...(h.failedOnly ? { checked: '' } : {}) } });
  const range = el('select', { class: 'range', attrs: { 'aria-label': l10n.t('Time range') } }) as HTMLSelectElement;
  for (const r of HISTORY_RANGES) range.appendChild(el('option', { text: rangeLabel(r), attrs: { value: r, ...(r === h.range ? { selected: '' } : {}) } }));
  const filter = () => vscode.postMessage({ type: 'filter', failedOnly: (failedOnly as HTMLInputElement).checked, range: range.value as HistoryRange });
  failedOnly.addEventListener('change', filter);
  range.addEventListener('change', filter);
  const chartBox = el('div', { class: 'chart', attrs: { role: 'img', 'aria-label': h.chart?.summary ?? '' } });

  // A plain table: its rows, headers and sort order are what assistive technology expects of one.
  const headRow = el('tr');
  for (const [key, label] of [
    ['when', l10n.t('When')],
    ['state', l10n.t('State')],
    ['details', l10n.t('Details')],
    ['', l10n.t('Actions')],
  ] as const) {
    const th = el('th', { attrs: { scope: 'col' } });
    if (key === 'when' || key === 'state') {
      const sorted = sort.by === key;
      if (sorted) th.setAttribute('aria-sort', sort.desc ? 'descending' : 'ascending');
      const toggle = el('button', {
        class: 'sort',
        text: label + (sorted ? (sort.desc ? ' ↓' : ' ↑') : ''),
        attrs: { type: 'button', title: key === 'when' ? l10n.t('Sort by time') : l10n.t('Sort by state') },
      });
      toggle.addEventListener('click', () => {
        sort = { by: key, desc: sort.by === key ? !sort.desc : true };
        // A sort is a change made in the panel: a preview panel is kept open.
        if (preview) vscode.postMessage({ type: 'keep' });
        render();
      });
      th.appendChild(toggle);
    } else {
      th.appendChild(el('span', { text: label, class: key ? '' : 'visually-hidden' }));
    }
    headRow.appendChild(th);
  }
  const body = el('tbody');
  for (const row of sortedRows(h.rows)) {
    const open = (command: string) => vscode.postMessage({ type: 'entry', id: row.id, command });
    const links = el(
      'span',
      { class: 'row-actions' },
      button({ command: 'skyvia.openLog', label: l10n.t('Log'), name: row.buttons.log }, () => open('skyvia.openLog')),
      button({ command: 'skyvia.openPanel', label: l10n.t('Open'), name: row.buttons.open }, () => open('skyvia.openPanel')),
    );
    body.appendChild(
      el(
        'tr',
        { attrs: { 'data-id': row.id } },
        // A cell cut short shows all of itself on hover (an attribute's value is text too).
        el('td', { text: row.when, attrs: { title: row.when } }),
        el('td', {}, pill(row.state || '—', row.tone)),
        el('td', { text: row.details, attrs: { title: row.details } }),
        el('td', {}, links),
      ),
    );
  }
  const table = el('table', { class: 'entries' }, el('caption', { class: 'visually-hidden', text: h.texts.caption }), el('thead', {}, headRow), body);
  const more = h.hasMore ? button({ command: '', label: h.texts.more }, () => vscode.postMessage({ type: 'more' })) : undefined;
  const filtered = h.failedOnly || h.range !== 'all' || !!h.slot;
  // Opened from a cell of the runs grid: that slot's entries only, until another filter is chosen.
  const slot = h.slot
    ? el(
        'p',
        { class: 'slot', attrs: { role: 'status' } },
        el('span', { text: l10n.t('Showing {0} only', h.slot) }),
        button({ command: '', label: l10n.t('Show the Whole History') }, () => vscode.postMessage({ type: 'filter', failedOnly: false, range: 'all' })),
      )
    : undefined;
  const section = el(
    'section',
    { class: 'history', attrs: { 'aria-label': h.texts.region } },
    el(
      'div',
      { class: 'toolbar' },
      el('h2', { text: h.texts.title }),
      el('label', { class: 'checkbox' }, failedOnly, el('span', { text: l10n.t('Failed only') })),
      range,
      h.loading ? spinner() : undefined,
    ),
    slot,
    h.error ? el('p', { class: 'error', text: h.error }) : undefined,
    h.chart ? chartBox : undefined,
    h.rows.length ? table : el('p', { class: 'empty', text: h.loading ? l10n.t('Loading…') : filtered ? h.texts.emptyFiltered : h.texts.empty }),
    more,
  );
  if (h.chart) queueMicrotask(() => drawChart(chartBox, h.chart as ChartData));
  return section;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

function chartWidth(box: HTMLElement): number {
  return Math.max(300, box.clientWidth || app.clientWidth - 32);
}

/**
 * The history chart: the main figure as a line with points (failures marked in red on it),
 * other figures dashed; a second unit gets the right-hand axis. Hovering a point names its
 * entry; a click opens it.
 */
function drawChart(box: HTMLElement, data: ChartData): void {
  chart?.destroy();
  const fg = cssVar('--vscode-foreground', '#888');
  const grid = cssVar('--vscode-charts-lines', 'rgba(128,128,128,.35)');
  const colours: Record<ChartSeries['tone'], string> = {
    primary: cssVar('--vscode-charts-blue', '#3794ff'),
    ok: cssVar('--vscode-charts-green', '#89d185'),
    warning: cssVar('--vscode-charts-orange', '#d18616'),
    neutral: cssVar('--vscode-charts-purple', '#b180d7'),
  };
  const red = cssVar('--vscode-charts-red', '#f14c4c');
  const amber = cssVar('--vscode-charts-yellow', '#cca700');
  const axesNames = [...new Set(data.series.map((s) => s.axis))].slice(0, 2);
  const scaleOf = (axis: string) => (axis === axesNames[0] ? 'y' : axis);
  // Logarithmic only with something above zero to show (a log scale of nothing has no range).
  const logAxis = (axis: string) => data.series.some((s) => s.axis === axis && s.log && s.values.some((v) => v !== null && v > 0));
  const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  const main = data.series[0] as ChartSeries;
  const failedMain = main.values.map((v, i) => (data.failed[i] ? v : null));
  // An unusual success is ringed in amber on the main line, whichever of its figures was unusual.
  const unusualMain = main.values.map((v, i) => (data.unusual[i] ? v : null));
  const yesNo = (_u: uPlot, v: number | null, _s: number, idx: number | null) => (idx === null ? '--' : v === null ? l10n.t('no') : l10n.t('yes'));
  const style = (s: ChartSeries): Partial<uPlot.Series> => {
    const colour = colours[s.tone];
    if (s.style === 'points') return { width: 0, paths: () => null, points: { show: true, size: 6, fill: colour, stroke: colour } };
    if (s.style === 'dashed') return { width: 1.5, dash: [4, 4], points: { show: false } };
    return { width: 2, points: { show: true, size: 5, fill: colour } };
  };
  const opts: uPlot.Options = {
    width: chartWidth(box),
    height: 220,
    cursor: { points: { size: 8 } },
    legend: { show: true },
    scales: { x: { time: true }, ...Object.fromEntries(axesNames.map((a) => [scaleOf(a), logAxis(a) ? { distr: 3, log: 10 } : { auto: true }])) },
    axes: [
      // Times as the rest of the extension writes them (24-hour, year-month-day): the same in every
      // language. A date is wider than uPlot's default spacing allows: ticks a date apart get more room.
      { ...axis, values: timeTicks, space: (_u: uPlot, _i: number, min: number, max: number) => (max - min > 2 * 86_400 ? 90 : 50) },
      ...axesNames.map((name, i) => ({
        ...axis,
        scale: scaleOf(name),
        label: axisLabel(name),
        ...(i ? { side: 1, grid: { show: false } } : {}),
        // A log axis: ticks and labels at the powers of ten only, not a ladder of minor ticks.
        ...(logAxis(name) ? { ticks: { show: false }, filter: (_u: uPlot, splits: number[]) => splits.map((v) => (/^10*$/.test(String(v)) ? v : null)) } : {}),
      })),
    ],
    series: [
      { label: l10n.t('Time'), value: (_u: uPlot, v: number | null) => (v === null ? '--' : formatDateTime(v * 1000, false)) },
      ...data.series.map((s) => ({ label: s.label, scale: scaleOf(s.axis), stroke: colours[s.tone], ...style(s) })),
      {
        label: l10n.t('Failed'),
        scale: scaleOf(main.axis),
        stroke: red,
        width: 0,
        paths: () => null,
        points: { show: true, size: 10, fill: red, stroke: red },
        value: yesNo,
      },
      {
        label: l10n.t('Unusual'),
        scale: scaleOf(main.axis),
        stroke: amber,
        width: 0,
        paths: () => null,
        points: { show: true, size: 14, width: 3, fill: 'transparent', stroke: amber },
        value: yesNo,
      },
    ],
    hooks: { setCursor: [(u) => showTip(u, data)] },
  };
  // A log axis has no zero: nothing is drawn there.
  const values = (s: ChartSeries) => (logAxis(s.axis) ? s.values.map((v) => (v !== null && v > 0 ? v : null)) : s.values);
  const series: uPlot.AlignedData = [data.t, ...data.series.map(values), failedMain, unusualMain];
  chart = new uPlot(opts, series, box);
  const tip = el('div', { class: 'chart-tip', attrs: { role: 'status' } });
  tip.hidden = true;
  chart.over.appendChild(tip);
  // A click on the chart opens the entry under the cursor.
  chart.over.addEventListener('click', () => {
    const idx = chart?.cursor.idx;
    if (idx !== null && idx !== undefined && data.ids[idx]) vscode.postMessage({ type: 'entry', id: data.ids[idx], command: 'skyvia.openPanel' });
  });
}

/** The entry under the cursor, named in a tip beside its point. */
function showTip(u: uPlot, data: ChartData): void {
  const tip = u.over.querySelector<HTMLElement>('.chart-tip');
  if (!tip) return;
  const idx = u.cursor.idx;
  if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
    tip.hidden = true;
    return;
  }
  tip.hidden = false;
  tip.textContent = data.labels[idx] ?? '';
  const x = u.valToPos(data.t[idx] as number, 'x');
  const width = u.over.clientWidth;
  // Beside the point, on the side with room.
  tip.style.left = x > width / 2 ? '' : `${x + 12}px`;
  tip.style.right = x > width / 2 ? `${width - x + 12}px` : '';
}

function render(top = false): void {
  if (!model) return;
  const scrollTop = top ? 0 : (document.scrollingElement?.scrollTop ?? 0);
  app.replaceChildren(...[renderHeader(model), renderLive(model), renderFields(model), renderHistory(model)].filter((x): x is HTMLElement => !!x));
  if (document.scrollingElement) document.scrollingElement.scrollTop = scrollTop;
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (!message || message.type !== 'model') return;
  if (message.l10n) l10n.config({ contents: message.l10n });
  model = message.model;
  preview = message.preview === true;
  // Another object in the same panel (a preview shows the next one): from its top, first sort.
  const key = JSON.stringify(message.restore.ref);
  const other = key !== shown;
  if (other) sort = SORT_FIRST;
  shown = key;
  // The frame's title, for assistive technology: the panel's own (its text, never markup).
  document.title = message.model.title;
  vscode.setState(message.restore);
  render(other);
});
// A theme change: redraw the chart in the new colours.
new MutationObserver(() => render()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
// A wider or narrower editor: the chart takes the width it has.
window.addEventListener('resize', () => {
  const box = chart?.root.parentElement;
  if (chart && box) chart.setSize({ width: chartWidth(box), height: 220 });
});
vscode.postMessage({ type: 'ready' });
