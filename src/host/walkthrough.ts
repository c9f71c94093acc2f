// The getting-started walkthrough (package.json `contributes.walkthroughs`) checks a step off when
// its `completionEvents` fire. The steps are things a person can do by several routes — signed in
// by a stored or environment token, from the walkthrough, the view, the Accounts menu or the demo;
// a workspace expanded by its twistie or by keyboard; a run started from the tree, a panel or the
// chat; a panel or a log opened from a menu, the palette, a notification or a panel's button — so
// they are marked where the thing itself happens, not on one command. VS Code keeps a step's
// completion once seen; the keys only need to turn true.
//
// Signing in needs more. VS Code 1.100 (gettingStartedService.registerDoneListeners) registers an
// extension's walkthrough a moment after the window starts — it first waits up to 5 s for an
// experiment service — and a step whose `onContext` expression is already true at that moment is
// recorded as seen for the session WITHOUT being checked off; the same expression turning true
// later no longer counts. A session found at startup (a stored or environment token, the demo)
// is usually found in that moment, so a plain "signed in" key left the step empty for good. The
// sign-in step therefore completes on a key that takes one of two values, `one` or `two`, and
// moves to the other value each time a person signs in or, signed in, brings a walkthrough to the
// front: at most one value can have been spent at registration, so the next move checks it off.
import vscode = require('vscode');
import { WALKTHROUGH_KEYS } from '../shared/contributions';

export type WalkthroughStep = Exclude<keyof typeof WALKTHROUGH_KEYS, 'signedIn'>;

const done = new Set<WalkthroughStep>();

/** Marks a step done for this window: sets its context key once. */
export function stepDone(step: WalkthroughStep): void {
  if (done.has(step)) return;
  done.add(step);
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_KEYS[step], true);
}

let signedIn = false;
let signInValue: 'one' | 'two' | undefined;

/** The session changed: signing in (a token, the demo) is a move of the sign-in step's key. */
export function signInChanged(isSignedIn: boolean): void {
  signedIn = isSignedIn;
  if (isSignedIn) moveSignInKey();
}

/** A walkthrough (an editor the API does not describe) came to the front: signed in, the sign-in step may be checked off now. */
export function walkthroughShown(): void {
  if (signedIn) moveSignInKey();
}

function moveSignInKey(): void {
  signInValue = signInValue === 'one' ? 'two' : 'one';
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_KEYS.signedIn, signInValue);
}
