// The getting-started walkthrough (package.json `contributes.walkthroughs`) checks a step off when
// its `completionEvents` fire. Signing in has a context key of its own (`skyvia.state`); the other
// steps are things a person can do by several routes — a workspace expanded by its twistie or by
// keyboard, a run started from the tree, a panel or the chat, a panel or a log opened from a
// menu, the palette, a notification or a panel's button — so they are marked where the thing itself happens,
// not on one command. VS Code keeps a step's completion once seen; the keys only need to turn true.
import vscode = require('vscode');
import { WALKTHROUGH_KEYS } from './shared/contributions';

export type WalkthroughStep = keyof typeof WALKTHROUGH_KEYS;

const done = new Set<WalkthroughStep>();

/** Marks a step done for this window: sets its context key once. */
export function stepDone(step: WalkthroughStep): void {
  if (done.has(step)) return;
  done.add(step);
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_KEYS[step], true);
}
