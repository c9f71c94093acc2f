// Read-only documents for "Show details": a Markdown page of an object's fields, from its own
// read, as a read-only file (readOnlyFiles.ts says why files, and how one is read again from its
// URI after a window reload). VS Code reuses the tab when the same object is opened again (the
// URI is keyed by its ref). Every tab closes when the session ends, so no tab shows the previous
// account's data. The details of a run under way follow it: each change the watcher sees
// re-renders the open document.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { type LabelFacts, type ItemDetails } from '../shared/describe';
import { escapeMarkdown } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { isKeyOf, refKey, type AccountId, type ItemRef, type Target } from '../shared/refs';
import { documentUri, refOfUri, tabsOf } from './places';
import { ReadOnlyFiles } from './readOnlyFiles';
import { ITEM_SCHEME } from '../shared/contributions';
import type { Shown } from '../shared/plainText';
import { describeObject, titleOf } from '../kinds';

export interface ItemDocumentsDeps {
  /** The object's own read (shared with whoever else shows it). */
  read(ref: ItemRef): Promise<object>;
  /** What the explorer knows of the object beyond its read (schedule, run under way…). */
  factsOf(ref: ItemRef): LabelFacts;
  /** Whether an account is signed in, waiting until the accounts are known (a reloaded window may ask before anything else). */
  signedIn(account: AccountId): Promise<boolean>;
  /** Cleaning and redaction of what the editor reads, whatever field of the object it came from. */
  shown: Shown;
  /** An account's name when more than one is signed in: a page's tab and breadcrumb then say whose it is. */
  accountName?(account: AccountId): string | undefined;
}

export class ItemDocuments extends ReadOnlyFiles {
  /** What each open page was rendered from, by its object's ref key, to render it again as its run moves on. */
  private readonly sources = new Map<string, { data: object; facts?: LabelFacts }>();

  constructor(private readonly deps: ItemDocumentsDeps) {
    super(ITEM_SCHEME, deps.shown);
  }

  /** Opens (or refreshes and reveals) the details document of an object. */
  async open(target: Target, data: object, facts?: LabelFacts): Promise<vscode.TextEditor> {
    const details = describeObject(target.ref, data, facts);
    const account = this.deps.accountName?.(target.ref.account);
    const uri = documentUri(ITEM_SCHEME, account ? `${details.title} · ${account}` : details.title, target.ref, 'md');
    this.sources.set(refKey(target.ref), { data, facts });
    this.put(uri, target, renderDetails(details));
    // The same object under an older title (a run that has moved on since): one tab per object.
    const stale = tabsOf(ITEM_SCHEME).filter((t) => t.input.uri.query === uri.query && t.input.uri.toString() !== uri.toString());
    const doc = await vscode.workspace.openTextDocument(uri);
    // Keep focus in the tree, as the file explorer does on a single click, so the keyboard can move on.
    const editor = await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
    if (stale.length) await vscode.window.tabGroups.close(stale, true);
    return editor;
  }

  /** A watched run moved on (or ended): its open details show where it is now. */
  follow(run: RunRecord): void {
    const uri = this.uriOf(run.ref);
    const target = this.openTarget(run.ref);
    const source = this.sources.get(refKey(run.ref));
    if (!uri || !target || !source) return;
    const data = {
      ...source.data,
      state: run.state,
      ...(run.successRows === undefined ? {} : { successRows: run.successRows }),
      ...(run.errorRows === undefined ? {} : { errorRows: run.errorRows }),
    };
    this.sources.set(refKey(run.ref), { ...source, data });
    this.put(uri, target, renderDetails(describeObject(run.ref, data, source.facts)));
  }

  protected override closed(ref: ItemRef): void {
    this.sources.delete(refKey(ref));
  }

  override async closeAll(account?: AccountId): Promise<void> {
    for (const key of [...this.sources.keys()]) if (account === undefined || isKeyOf(account, key)) this.sources.delete(key);
    await super.closeAll(account);
  }

  protected async load(uri: vscode.Uri): Promise<{ target: Target; text: string; said?: boolean }> {
    const ref = refOfUri(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    const target: Target = { ref, name: titleOf(ref) };
    if (!(await this.deps.signedIn(ref.account)))
      return { target, text: l10n.t('(Sign in to the Skyvia account of {0} to read it again.)', target.name), said: true };
    try {
      const data = await this.deps.read(ref);
      const facts = this.deps.factsOf(ref);
      this.sources.set(refKey(ref), { data, facts });
      return { target: { ...target, data }, text: renderDetails(describeObject(ref, data, facts)) };
    } catch (e) {
      return {
        target,
        text: this.cannotRead(ref, e, (path, why) =>
          l10n.t({
            message: '({0} ({1}) cannot be read by the account signed in: {2})',
            args: [target.name, path, why],
            comment: [
              '{0} names what was to be read, such as "Nightly Sync" or "Run 12 of Nightly Sync"; {1} is its path, such as "run/4210/18234/12"; {2} says why',
            ],
          }),
        ),
        said: true,
      };
    }
  }
}

export function renderDetails(details: ItemDetails): string {
  const rows = details.rows.filter(([, v]) => v !== undefined && v !== '');
  const parts = [`# ${escapeMarkdown(details.title)}`];
  // A newline inside a value would end its table row: fold it into the cell.
  const cell = (text: string) => escapeMarkdown(text).replace(/\r?\n/g, ' ');
  if (rows.length)
    parts.push(
      [`| ${cell(l10n.t('Field'))} | ${cell(l10n.t('Value'))} |`, '|---|---|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v as string)} |`)].join('\n'),
    );
  const json = JSON.stringify(details.data, null, 2) ?? 'null';
  // A longer fence if an API string itself holds one.
  const fence = json.includes('```') ? '````' : '```';
  // The heading is ours; the JSON is the service's, as it sent it.
  parts.push(`## ${escapeMarkdown(l10n.t('As returned by the API'))}`, [`${fence}json`, json, fence].join('\n'));
  return `${parts.join('\n\n')}\n`;
}
