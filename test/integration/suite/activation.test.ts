import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, api, freshStart, freshWorld, suitesInThisHost } from './helpers';

// Whether the extension stays asleep until something asks for it can only be seen in an extension
// host where nothing asked yet: when this suite runs first (alone, or first in the shuffled
// order), it sees that for itself, and the fresh start leaves the extension alone so as not to
// wake it. Run after other suites, the extension is awake already; the test then checks what keeps
// it asleep in a new window instead — that no activation event of its manifest fires at startup —
// and the rest of the suite starts signed out as a new window does.
const first = suitesInThisHost[0] === 'activation';

/** Activation events that fire whether or not anything asks for the extension. */
const AT_STARTUP = /^(\*|onStartupFinished)$/;

describe('activation', () => {
  before(async () => {
    if (first) await freshWorld();
    else await freshStart({ signedIn: false });
  });

  if (first) {
    it('is installed and not activated before anything asks for it', () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      assert.equal(ext.isActive, false, 'the extension must activate on demand, not at startup');
    });
  } else {
    it('is installed and declares no activation at startup, only on demand (another suite woke it in this host)', () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      const events = (ext.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
      assert.ok(events.length > 0, 'it activates on something');
      assert.deepEqual(
        events.filter((e) => AT_STARTUP.test(e)),
        [],
        'the extension must activate on demand, not at startup',
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
