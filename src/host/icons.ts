// Codicons by kind and state, in one place so the same state looks the same everywhere.
import vscode = require('vscode');
import type { Outcome } from '../shared/outcome';

export function icon(id: string, color?: string): vscode.ThemeIcon {
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

/** The colours of the Testing view: every theme defines them and users already read them. */
const OUTCOME_ICONS: Record<Outcome, [id: string, color?: string]> = {
  running: ['loading~spin'],
  queued: ['clock', 'testing.iconQueued'],
  succeeded: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  canceled: ['circle-slash', 'testing.iconSkipped'],
  unknown: ['circle-outline'],
};

/** Icon of a history entry that succeeded, but not as usual: a warning, in the Problems view's colour. */
export function unusualIcon(): vscode.ThemeIcon {
  return icon('warning', 'problemsWarningIcon.foreground');
}

/** Icon of a history entry (run, snapshot, execution, request) by how it ended. */
export function outcomeIcon(outcome: Outcome): vscode.ThemeIcon {
  const [id, color] = OUTCOME_ICONS[outcome];
  return icon(id, color);
}
