// The runs grid's webview. It asks for its model ('ready') and draws it with DOM calls and
// textContent only — every word comes made from the extension, no API string is parsed as HTML.
// A table with the ARIA grid pattern: one cell in the tab order at a time, the arrow keys (and
// Home, End, Ctrl+Home, Ctrl+End) move from cell to cell, Enter or Space opens a cell's runs,
// and every cell has an accessible name that says the item, the slot and what ran in it. Marks
// are shapes as well as colours; colours come only from --vscode-* variables.
import './page.css';
import './grid.css';
import type { FromGrid, GridModel, ToGrid } from '../../src/shared/gridProtocol';
import { el } from './dom';

interface VsCodeApi {
  postMessage(message: FromGrid): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') as HTMLElement;
let model: GridModel | undefined;
/** The cell in the tab order, by row key and slot: kept across redraws. */
let focus: { row: string; slot: number } | undefined;

/** The grid's cells, row by row (group headers are no row of cells). */
function cellRows(): HTMLElement[][] {
  return Array.from(app.querySelectorAll<HTMLElement>('tr.item')).map((tr) => Array.from(tr.querySelectorAll<HTMLElement>('td.cell')));
}

function place(cell: HTMLElement): { r: number; c: number } | undefined {
  const rows = cellRows();
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r].indexOf(cell);
    if (c >= 0) return { r, c };
  }
  return undefined;
}

/** Makes a cell the one in the tab order, and focuses it. */
function moveTo(cell: HTMLElement | undefined, takeFocus = true): void {
  if (!cell) return;
  for (const other of Array.from(app.querySelectorAll<HTMLElement>('td.cell[tabindex="0"]'))) other.setAttribute('tabindex', '-1');
  cell.setAttribute('tabindex', '0');
  focus = { row: cell.dataset.row ?? '', slot: Number(cell.dataset.slot) };
  if (takeFocus) {
    cell.focus();
    // Focus scrolls a cell into view, but not out from under the header cell that stays in view.
    const scroller = cell.closest('.scroller');
    const lead = cell.parentElement?.querySelector('th.sticky');
    if (scroller && lead) {
      const hidden = lead.getBoundingClientRect().right - cell.getBoundingClientRect().left;
      if (hidden > 0) scroller.scrollLeft -= hidden + 4;
    }
  }
  tell(cell);
}

/** The line under the grid says what the cell in focus (or under the pointer) holds. */
function tell(cell: HTMLElement): void {
  const detail = app.querySelector('.detail');
  if (detail) detail.textContent = cell.getAttribute('aria-label') ?? '';
}

function open(cell: HTMLElement): void {
  if (cell.dataset.opens !== 'true') return;
  vscode.postMessage({ type: 'open', row: cell.dataset.row ?? '', slot: Number(cell.dataset.slot) });
}

function onKey(event: KeyboardEvent): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('td.cell');
  if (!cell) return;
  const at = place(cell);
  if (!at) return;
  const rows = cellRows();
  const last = rows.length - 1;
  const width = rows[at.r].length - 1;
  let next: { r: number; c: number } | undefined;
  switch (event.key) {
    case 'ArrowRight':
      next = { r: at.r, c: Math.min(width, at.c + 1) };
      break;
    case 'ArrowLeft':
      next = { r: at.r, c: Math.max(0, at.c - 1) };
      break;
    case 'ArrowDown':
      next = { r: Math.min(last, at.r + 1), c: at.c };
      break;
    case 'ArrowUp':
      next = { r: Math.max(0, at.r - 1), c: at.c };
      break;
    case 'Home':
      next = event.ctrlKey ? { r: 0, c: 0 } : { r: at.r, c: 0 };
      break;
    case 'End':
      next = event.ctrlKey ? { r: last, c: width } : { r: at.r, c: width };
      break;
    case 'PageDown':
      next = { r: Math.min(last, at.r + 10), c: at.c };
      break;
    case 'PageUp':
      next = { r: Math.max(0, at.r - 10), c: at.c };
      break;
    case 'Enter':
    case ' ':
      event.preventDefault();
      open(cell);
      return;
    default:
      return;
  }
  event.preventDefault();
  moveTo(rows[next.r]?.[next.c]);
}

function renderWindows(m: GridModel): HTMLElement {
  const bar = el('div', { class: 'windows', attrs: { role: 'group', 'aria-label': m.texts.windowLabel } });
  for (const w of m.windows) {
    const current = w.window === m.window;
    const b = el('button', { text: w.label, class: current ? 'current' : '', attrs: { type: 'button', 'aria-pressed': String(current) } });
    if (!current) b.addEventListener('click', () => vscode.postMessage({ type: 'window', window: w.window }));
    bar.appendChild(b);
  }
  return bar;
}

function renderLegend(m: GridModel): HTMLElement {
  const list = el('ul', { class: 'legend', attrs: { 'aria-label': m.texts.legend } });
  for (const { mark, label } of m.legend)
    list.appendChild(el('li', {}, el('span', { class: `swatch mark-${mark}`, attrs: { 'aria-hidden': 'true' } }), el('span', { text: label })));
  return list;
}

function renderGrid(m: GridModel): HTMLElement {
  const table = el('table', { class: 'grid', attrs: { role: 'grid', 'aria-label': m.texts.grid, 'aria-readonly': 'true' } });
  // The item, its success rate and its count are one header cell that stays in view while the
  // hours or days scroll under it.
  const lead = (name: string, rate: string, count: string) =>
    el(
      'span',
      { class: 'lead' },
      el('span', { text: name, class: 'name' }),
      el('span', { text: rate, class: 'figure' }),
      el('span', { text: count, class: 'figure count' }),
    );
  const head = el(
    'tr',
    {},
    el('th', { class: 'sticky', attrs: { scope: 'col' } }, lead(m.texts.item, m.texts.rate, m.texts.count)),
    ...m.columns.map((c) => el('th', { text: c.label, class: 'slot', attrs: { scope: 'col', title: c.name, 'aria-label': c.name } })),
  );
  table.appendChild(el('thead', {}, head));
  const span = String(m.columns.length + 1);
  for (const group of m.groups) {
    const body = el('tbody', {}, el('tr', { class: 'group' }, el('th', { attrs: { colspan: span, scope: 'colgroup' } }, el('span', { text: group.label }))));
    for (const row of group.rows) {
      const tr = el(
        'tr',
        { class: 'item' },
        el('th', { class: 'sticky', attrs: { scope: 'row', title: row.name, 'aria-label': row.summary } }, lead(row.name, row.rate, row.count)),
      );
      row.cells.forEach((cell, slot) => {
        const td = el('td', {
          class: `cell mark-${cell.mark}${cell.opens ? ' opens' : ''}`,
          attrs: {
            role: 'gridcell',
            tabindex: '-1',
            'aria-label': cell.name,
            title: cell.name,
            'data-row': row.key,
            'data-slot': String(slot),
            'data-opens': String(cell.opens),
          },
        });
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    table.appendChild(body);
  }
  table.addEventListener('keydown', onKey);
  table.addEventListener('click', (event) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td.cell');
    if (!cell) return;
    moveTo(cell);
    open(cell);
  });
  table.addEventListener('mouseover', (event) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td.cell');
    if (cell) tell(cell);
  });
  table.addEventListener('focusin', (event) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td.cell');
    if (cell) tell(cell);
  });
  return el('div', { class: 'scroller' }, table);
}

function render(): void {
  if (!model) return;
  const m = model;
  const had = !!document.activeElement?.closest('td.cell');
  const parts = [
    el('header', {}, el('h1', { text: m.title }), renderWindows(m)),
    el('p', { class: 'status', text: m.status, attrs: { role: 'status' } }),
    m.groups.length ? renderGrid(m) : el('p', { class: 'empty', text: m.empty ?? '' }),
    m.groups.length ? el('p', { class: 'detail', attrs: { 'aria-hidden': 'true' } }) : undefined,
    renderLegend(m),
  ];
  app.replaceChildren(...parts.filter((p): p is HTMLElement => !!p));
  // One cell in the tab order: the one that had it, else the first.
  const cells = Array.from(app.querySelectorAll<HTMLElement>('td.cell'));
  const again = focus && cells.find((c) => c.dataset.row === focus?.row && c.dataset.slot === String(focus?.slot));
  const first = again ?? cells[0];
  if (first) {
    first.setAttribute('tabindex', '0');
    if (had) moveTo(first);
  }
}

window.addEventListener('message', (event: MessageEvent<ToGrid>) => {
  const message = event.data;
  if (!message || message.type !== 'grid') return;
  model = message.model;
  document.title = message.model.title;
  // What a window reload gives back to the extension (its serializer): the range on show.
  vscode.setState({ window: model.window });
  render();
});
vscode.postMessage({ type: 'ready' });
