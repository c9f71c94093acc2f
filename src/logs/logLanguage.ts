// What the editor does with a Skyvia log beyond colours (syntaxes/skyvia-log.tmLanguage.json):
// an outline of its sections and errors, folding by section, "Go to First Error", and a status
// bar count of errors in the log on screen. The outline is computed once per document version.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { LOG_LANGUAGE } from './scheme';
import { CommandId } from '../shared/commandIds';
import { outlineOf, type LogOutline } from './logText';
import { plural } from '../shared/format';

const outlines = new WeakMap<vscode.TextDocument, { version: number; outline: LogOutline }>();

function outline(doc: vscode.TextDocument): LogOutline {
  const known = outlines.get(doc);
  if (known?.version === doc.version) return known.outline;
  const fresh = outlineOf(doc.getText());
  outlines.set(doc, { version: doc.version, outline: fresh });
  return fresh;
}

function lineSymbol(doc: vscode.TextDocument, line: number, name: string, kind: vscode.SymbolKind): vscode.DocumentSymbol {
  const range = doc.lineAt(line).range;
  return new vscode.DocumentSymbol(name, l10n.t('line {0}', line + 1), kind, range, range);
}

export function registerLogLanguage(): vscode.Disposable[] {
  const selector: vscode.DocumentSelector = { language: LOG_LANGUAGE };
  // Created when a log is first on screen, never at activation.
  let status: vscode.StatusBarItem | undefined;
  const updateStatus = () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== LOG_LANGUAGE) return status?.hide();
    if (!status) {
      status = vscode.window.createStatusBarItem('skyvia.logErrors', vscode.StatusBarAlignment.Right, 100);
      status.name = l10n.t('Skyvia: errors in this log');
      status.command = CommandId.goToFirstError;
    }
    const n = outline(doc).errors.length;
    status.text = n
      ? `$(error) ${plural(
          n,
          (c) => l10n.t('{0} error', c),
          (c) => l10n.t('{0} errors', c),
        )}`
      : `$(pass) ${l10n.t('no errors')}`;
    status.tooltip = n ? l10n.t('Go to the first error in this log') : l10n.t('No line of this log tells of a failure');
    status.show();
  };
  return [
    { dispose: () => status?.dispose() },
    vscode.window.onDidChangeActiveTextEditor(updateStatus),
    vscode.workspace.onDidChangeTextDocument((e) => e.document === vscode.window.activeTextEditor?.document && updateStatus()),
    vscode.workspace.onDidOpenTextDocument(() => updateStatus()),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols(doc) {
        const { sections, errors } = outline(doc);
        return [
          ...sections.map((s) => lineSymbol(doc, s.line, s.title, vscode.SymbolKind.Namespace)),
          ...errors.map((e) => lineSymbol(doc, e.line, e.text, vscode.SymbolKind.Event)),
        ].sort((a, b) => a.range.start.line - b.range.start.line);
      },
    }),
    vscode.languages.registerFoldingRangeProvider(selector, {
      provideFoldingRanges(doc) {
        // A section runs from its heading to the line before the next one.
        const heads = outline(doc).sections.map((s) => s.line);
        return heads
          .map((line, i) => new vscode.FoldingRange(line, (heads[i + 1] ?? doc.lineCount) - 1, vscode.FoldingRangeKind.Region))
          .filter((r) => r.end > r.start);
      },
    }),
  ];
}

/**
 * The log a command is about: the one whose title bar the button sits in (VS Code passes its URI,
 * and in a split that need not be the active editor, nor one the extension host has yet heard is
 * active), else the active editor (the palette, the status bar).
 */
function logEditorOf(uri?: unknown): vscode.TextEditor | undefined {
  const editors = vscode.window.visibleTextEditors;
  const shown = uri instanceof vscode.Uri ? editors.find((e) => e.document.uri.toString() === uri.toString()) : undefined;
  const editor = shown ?? vscode.window.activeTextEditor;
  return editor?.document.languageId === LOG_LANGUAGE ? editor : undefined;
}

/** Moves the cursor to the first line that tells of a failure; says so when there is none. */
export async function goToFirstError(uri?: unknown): Promise<void> {
  const editor = logEditorOf(uri);
  if (!editor) {
    void vscode.window.showInformationMessage(l10n.t('Open a Skyvia log first (Open Log on a run, snapshot, execution or request).'));
    return;
  }
  const first = outline(editor.document).errors[0];
  if (!first) {
    void vscode.window.showInformationMessage(l10n.t('No line of this log tells of a failure.'));
    return;
  }
  const range = editor.document.lineAt(first.line).range;
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
