import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import { EXTENSION_ID, api, freshStart, freshWorld, suitesInThisHost } from './helpers';

// Whether the extension stays asleep until something asks for it can only be seen in an extension
// host where nothing asked yet: when this suite runs first (alone, or first in the shuffled
// order), it sees that for itself, and the fresh start leaves the extension alone so as not to
// wake it. Run after other suites, the extension is awake already; the test then checks what keeps
// it asleep in a new window instead — that no activation event of its manifest fires while the
// window starts — and the rest of the suite starts signed out as a new window does.
//
// Once the window has started (`onStartupFinished`) the entry point looks, in the window's own
// storage, for runs it watched before a reload (state/keptRuns.ts); with none, it loads nothing
// more and reads nothing.
const first = suitesInThisHost[0] === 'activation';

/** Activation events that fire while the window starts, whether or not anything asks for the extension. */
const AT_STARTUP = /^\*$/;

describe('activation', () => {
  before(async () => {
    if (first) await freshWorld();
    else await freshStart({ signedIn: false });
  });

  if (first) {
    it('is installed and asks nothing of the service before anything asks for it', () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      // Awake only after the window started, and then with nothing kept to watch: nothing sent.
      if (ext.isActive) assert.equal((ext.exports as SkyviaExplorerApi).requestCount(), 0, 'no request before anything asks');
    });
  } else {
    it('is installed and declares no activation while the window starts, only on demand or after (another suite woke it in this host)', () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      const events = (ext.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
      assert.ok(events.length > 0, 'it activates on something');
      assert.deepEqual(
        events.filter((e) => AT_STARTUP.test(e)),
        [],
        'the extension must not activate while the window starts',
      );
    });
  }

  it('activates and registers every contributed command', async () => {
    await api();
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } }
    ).contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(contributed.length >= 10);
    assert.deepEqual(
      contributed.filter((c) => !registered.has(c)),
      [],
    );
  });

  it('starts signed out, with an empty tree (the welcome content shows)', async () => {
    const x = await api();
    const before = x.requestCount();
    // As a window that starts: the session looked for anew (a stored token, the environment, the demo flag).
    assert.equal(await x.session.lookAgain(), 'signedOut');
    assert.deepEqual(await x.tree.getChildren(), []);
    assert.equal(x.requestCount(), before, 'nothing is fetched while signed out');
    if (first) assert.equal(before, 0, 'nothing was fetched since activation');
  });
});
