// Which panel shows an object asked for, as VS Code decides which tab shows a file with
// `workbench.editor.enablePreview` on: an editor group has at most one *preview* panel, and
// opening another object there shows it in that panel (no new webview) until the panel is kept
// open — by Keep Open, a double-click on its row, or any change made in it. With previews off,
// every object gets a panel of its own. Plain: unit-tested in Node with a hand-set clock.

/**
 * Two asks for the same object this close together are a double-click. VS Code's trees run a
 * row's command once for each click of a double-click and pass the command nothing that says
 * which was which (only `vscode.open` is told to pin); a browser takes clicks up to 500 ms apart
 * as a double-click on most systems.
 */
export const DOUBLE_CLICK_MS = 500;

/** A panel on show, as the rule sees it. */
export interface PanelSlot {
  /** The object it shows (its ref's key). */
  key: string;
  preview: boolean;
  /** Its editor group's column, if VS Code says. */
  column: number | undefined;
  /** When its object was last asked for (ms). */
  askedAt: number;
}

export type Placement<S extends PanelSlot> =
  /** Already on show: revealed, and kept open when this ask and the one before it make a double-click. */
  | { how: 'reveal'; slot: S; keep: boolean }
  /** The active group's preview panel shows it instead of what it shows now. */
  | { how: 'reuse'; slot: S }
  /** A panel of its own: a preview one while previews are on. */
  | { how: 'new'; preview: boolean };

export function placePanel<S extends PanelSlot>(
  key: string,
  slots: Iterable<S>,
  { previews, column, now }: { previews: boolean; column: number | undefined; now: number },
): Placement<S> {
  const all = [...slots];
  const shown = all.find((s) => s.key === key);
  if (shown) return { how: 'reveal', slot: shown, keep: shown.preview && now - shown.askedAt <= DOUBLE_CLICK_MS };
  if (!previews) return { how: 'new', preview: false };
  const preview = all.find((s) => s.preview && (column === undefined || s.column === undefined || s.column === column));
  return preview ? { how: 'reuse', slot: preview } : { how: 'new', preview: true };
}
