// The item panel's webview. It asks for its model ('ready'), renders it with DOM calls and
// textContent only — no API string is ever parsed as HTML — and sends back typed messages for
// the actions the model offered. Components: @vscode-elements (VS Code-looking buttons, badges,
// tables, checkboxes); the history chart: uPlot. Colours come only from --vscode-* variables.
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-table/index.js';
import '@vscode-elements/elements/dist/vscode-table-body/index.js';
import '@vscode-elements/elements/dist/vscode-table-cell/index.js';
import '@vscode-elements/elements/dist/vscode-table-header/index.js';
import '@vscode-elements/elements/dist/vscode-table-header-cell/index.js';
import '@vscode-elements/elements/dist/vscode-table-row/index.js';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './panel.css';
import type { ChartData, FromWebview, HistoryRow, PanelAction, PanelModel, ToWebview } from '../../src/shared/panelModel';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') as HTMLElement;
let model: PanelModel | undefined;
let chart: uPlot | undefined;
let sort: { by: 'when' | 'state'; desc: boolean } = { by: 'when', desc: true };

/** An element with text, attributes and children; text is always text. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K | string, props: { text?: string; class?: string; attrs?: Record<string, string> } = {}, ...children: (Node | undefined)[]): HTMLElement {
  const node = document.createElement(tag);
  if (props.text !== undefined) node.textContent = props.text;
  if (props.class) node.className = props.class;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

function button(action: PanelAction, send: () => void): HTMLElement {
  const b = el('vscode-button', { text: action.label, attrs: action.primary ? {} : { secondary: '' } });
  b.addEventListener('click', send);
  return b;
}

function pill(text: string, tone: string): HTMLElement {
  return el('span', { text, class: `pill tone-${tone}` });
}

function renderHeader(m: PanelModel): HTMLElement {
  return el(
    'header',
    {},
    el('div', { class: 'title-row' }, el('vscode-badge', { text: m.kind, attrs: { variant: 'counter' } }), el('h1', { text: m.title }), m.state ? pill(m.state.text, m.state.tone) : undefined),
    el('div', { class: 'actions' }, ...m.actions.map((a) => button(a, () => vscode.postMessage({ type: 'action', command: a.command })))),
  );
}

function renderLive(m: PanelModel): HTMLElement | undefined {
  if (!m.live) return undefined;
  return el(
    'section',
    { class: 'live', attrs: { 'aria-label': 'Under way' } },
    el('vscode-progress-ring', { attrs: { 'aria-hidden': 'true' } }),
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
  return el('section', { attrs: { 'aria-label': 'Details' } }, list);
}

function sortedRows(rows: HistoryRow[]): HistoryRow[] {
  // Rows come newest first: "when" sorts by that order, "state" groups failures first.
  const indexed = rows.map((row, i) => ({ row, i }));
  indexed.sort((a, b) => (sort.by === 'when' ? a.i - b.i : a.row.state.localeCompare(b.row.state) || a.i - b.i) * (sort.desc ? 1 : -1));
  return indexed.map((x) => x.row);
}

function renderHistory(m: PanelModel): HTMLElement | undefined {
  const h = m.history;
  if (!h) return undefined;
  const failedOnly = el('vscode-checkbox', { attrs: { label: 'Failed only', ...(h.failedOnly ? { checked: '' } : {}) } });
  failedOnly.addEventListener('change', () => vscode.postMessage({ type: 'failedOnly', value: (failedOnly as HTMLInputElement).checked }));
  const chartBox = el('div', { class: 'chart', attrs: { role: 'img', 'aria-label': `Duration of each of the ${h.rows.length} ${h.noun} shown, failures in red` } });

  const header = el('vscode-table-header', { attrs: { slot: 'header' } });
  for (const [key, label] of [['when', 'When'], ['state', 'State'], ['details', 'Details'], ['', '']] as const) {
    const cell = el('vscode-table-header-cell', { text: label + (key && sort.by === key ? (sort.desc ? ' ↓' : ' ↑') : '') });
    if (key === 'when' || key === 'state') {
      cell.classList.add('sortable');
      cell.addEventListener('click', () => {
        sort = { by: key, desc: sort.by === key ? !sort.desc : true };
        render();
      });
    }
    header.appendChild(cell);
  }
  const body = el('vscode-table-body', { attrs: { slot: 'body' } });
  for (const row of sortedRows(h.rows)) {
    const open = (command: string) => vscode.postMessage({ type: 'entry', id: row.id, command });
    const links = el('span', { class: 'row-actions' }, button({ command: 'skyvia.openLog', label: 'Log' }, () => open('skyvia.openLog')), button({ command: 'skyvia.openPanel', label: 'Open' }, () => open('skyvia.openPanel')));
    body.appendChild(
      el(
        'vscode-table-row',
        { attrs: { 'data-id': row.id } },
        el('vscode-table-cell', { text: row.when }),
        el('vscode-table-cell', {}, pill(row.state || '—', row.tone)),
        el('vscode-table-cell', { text: row.details }),
        el('vscode-table-cell', {}, links),
      ),
    );
  }
  const table = el('vscode-table', { attrs: { 'zebra': '', 'bordered-rows': '', resizable: '', columns: JSON.stringify(['20%', '14%', '48%', '18%']) } }, header, body);
  const more = h.hasMore ? button({ command: '', label: `Load more ${h.noun}` }, () => vscode.postMessage({ type: 'more' })) : undefined;
  const section = el(
    'section',
    { class: 'history', attrs: { 'aria-label': `History of ${h.noun}` } },
    el('div', { class: 'toolbar' }, el('h2', { text: `${h.noun.charAt(0).toUpperCase()}${h.noun.slice(1)}` }), failedOnly, h.loading ? el('vscode-progress-ring') : undefined),
    h.error ? el('p', { class: 'error', text: h.error }) : undefined,
    h.chart ? chartBox : undefined,
    h.rows.length ? table : el('p', { class: 'empty', text: h.loading ? 'Loading…' : `No ${h.noun}${h.failedOnly ? ' failed' : ''}.` }),
    more,
  );
  if (h.chart) queueMicrotask(() => drawChart(chartBox, h.chart as ChartData));
  return section;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

function drawChart(box: HTMLElement, data: ChartData): void {
  chart?.destroy();
  const fg = cssVar('--vscode-foreground', '#888');
  const grid = cssVar('--vscode-editorWidget-border', 'rgba(128,128,128,.2)');
  const blue = cssVar('--vscode-charts-blue', '#3794ff');
  const red = cssVar('--vscode-charts-red', '#f14c4c');
  const green = cssVar('--vscode-charts-green', '#89d185');
  const failedDur = data.duration.map((d, i) => (data.failed[i] ? d : null));
  const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  const hasRows = data.rows.some((r) => r !== null);
  const opts: uPlot.Options = {
    width: Math.max(300, box.clientWidth || app.clientWidth - 32),
    height: 220,
    cursor: { points: { size: 8 } },
    legend: { show: true },
    scales: { x: { time: true }, rows: { auto: true } },
    axes: [axis, { ...axis, label: 'seconds' }, ...(hasRows ? [{ ...axis, scale: 'rows', side: 1, label: 'rows', grid: { show: false } }] : [])],
    series: [
      {},
      { label: 'Duration (s)', stroke: blue, width: 2, points: { show: true, size: 5, fill: blue } },
      { label: 'Failed', stroke: red, width: 0, paths: () => null, points: { show: true, size: 9, fill: red, stroke: red } },
      ...(hasRows ? [{ label: 'Rows', stroke: green, width: 1, scale: 'rows', dash: [4, 4] }] : []),
    ],
  };
  const series: uPlot.AlignedData = [data.t, data.duration, failedDur, ...(hasRows ? [data.rows] : [])];
  chart = new uPlot(opts, series, box);
  // A click on the chart opens the run under the cursor.
  chart.over.addEventListener('click', () => {
    const idx = chart?.cursor.idx;
    if (idx !== null && idx !== undefined && data.ids[idx]) vscode.postMessage({ type: 'entry', id: data.ids[idx], command: 'skyvia.openPanel' });
  });
}

function render(): void {
  if (!model) return;
  const scrollTop = document.scrollingElement?.scrollTop ?? 0;
  app.replaceChildren(...[renderHeader(model), renderLive(model), renderFields(model), renderHistory(model)].filter((x): x is HTMLElement => !!x));
  if (document.scrollingElement) document.scrollingElement.scrollTop = scrollTop;
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (!message || message.type !== 'model') return;
  model = message.model;
  vscode.setState(message.restore);
  render();
});
// A theme change: redraw the chart in the new colours.
new MutationObserver(() => render()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
vscode.postMessage({ type: 'ready' });
