// Every kind's record against what is made for it: a capability a record grants is a menu item (in
// package.json, by its token) and a panel button, and each must run an action that applies to that
// kind — a menu item that would quietly do nothing on a kind's row fails here, naming the kind,
// the capability and the command. And every action a kind is listed for must be one its record can
// grant at some moment. Made from the records, so a kind added to them is checked with the rest.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ACTIONS } from '../../../src/commands/actions/all';
import { buttonsFor } from '../../../src/kinds/actions';
import type { Capability } from '../../../src/kinds/contextValues';
import { commandsOf, entryOf, historyOf, itemOf, STARTABLE_KINDS, STOPPABLE_KINDS, HISTORIES } from '../../../src/kinds';
import type { LabelFacts } from '../../../src/shared/describe';
import type { RunRecord } from '../../../src/shared/model';
import { REF_KINDS, refs, type RefKind } from '../../../src/shared/refs';
import { api, EXTENSION_ID } from './helpers';

const ITEM = refs.item('a', 'integration', 1, 2);
const RUN: RunRecord = { ref: refs.entry('a', 'run', 1, 2, 3), item: ITEM, itemName: 'x', state: 'Running', outcome: 'running', startedHere: false, seenAt: 0 };

/** Moments of an item's life: idle, running, canceling, each schedule state, pinned, tested. */
const FACTS: LabelFacts[] = [
  {},
  { active: null },
  { active: RUN },
  { active: { ...RUN, state: 'Canceling' } },
  { schedule: 'active' },
  { schedule: 'inactive' },
  { schedule: 'none' },
  { pinned: true },
  { pinned: false },
];
/** Rows of every shape the records read: enabled or not, scheduled or not, with secrets and an e-mail. */
const ROWS: object[] = [
  {},
  { scheduled: true },
  { scheduled: false },
  { enabled: true, isActive: true, active: true, state: 'Enabled' },
  { enabled: false, isActive: false, active: false, state: 'Disabled' },
  { key: 'k', token: 't', email: 'a@b.example' },
];
/** Entries: failed, succeeded, never said. */
const ENTRY_ROWS: object[] = [{ state: 'Failed', failed: true }, { state: 'Succeeded', failed: false }, {}];

/** What a kind's record grants at each moment of its life (its entries': at each outcome). */
function moments(kind: RefKind): (Capability | false | undefined)[][] {
  const entry = entryOf(kind);
  const item = itemOf(kind);
  return [
    ...(entry ? ENTRY_ROWS.map((row) => entry.capabilities(row as never)) : []),
    ...(item
      ? FACTS.flatMap((facts) => ROWS.map((data) => item.capabilities({ ref: { ...ITEM, kind }, data: data as never, facts, now: Date.now() } as never)))
      : []),
  ];
}

/** Every capability a kind's record grants at some moment. */
function grantedBy(kind: RefKind): Set<Capability> {
  return new Set(moments(kind).flatMap((m) => m.filter((c): c is Capability => !!c)));
}

/** The tree's row menus, each with the regular expression it matches a row's context value with (package.json). */
function rowMenus(): { command: string; matches: RegExp }[] {
  const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
  return (pkg.contributes.menus['view/item/context'] ?? []).flatMap(({ command, when }) => {
    const re = /viewItem =~ \/(.*)\/$/.exec(when ?? '');
    return re ? [{ command, matches: new RegExp(re[1]) }] : [];
  });
}

const actionOf = (id: string) => ACTIONS.find((a) => a.id === id);

describe('every kind’s record against its menus, buttons and actions', () => {
  const menus = rowMenus();
  before(() => api());

  for (const kind of REF_KINDS) {
    it(`${kind}: each menu item and panel button it shows runs an action that applies to it`, () => {
      const missing = new Set<string>();
      for (const moment of moments(kind)) {
        const granted = moment.filter((c): c is Capability => !!c);
        // The row's context value as the tree makes it: its kind first, then its tokens.
        const context = [kind, ...granted, ...(historyOf(kind) ? ['history', 'refreshable'] : []), 'hasId'].join(' ');
        const commands = [
          ...menus.filter((m) => m.matches.test(context)).map((m) => m.command),
          ...buttonsFor(granted, commandsOf(kind)).map((b) => b.command),
        ];
        for (const command of commands) {
          const action = actionOf(command);
          // A command that is not an action (Filter…, Refresh of a list) takes its node as it is.
          if (action && !action.kinds.includes(kind)) missing.add(`${command} (applies to ${action.kinds.join(', ')})`);
        }
      }
      assert.deepEqual([...missing], [], `${kind}: menu items or buttons that would do nothing`);
    });
  }

  it('lists each action only for kinds whose record can grant what it needs', () => {
    const never: string[] = [];
    for (const action of ACTIONS) {
      if (!action.needs) continue;
      for (const kind of action.kinds) if (!grantedBy(kind).has(action.needs)) never.push(`${action.id} on ${kind} (needs ${action.needs})`);
    }
    assert.deepEqual(never, []);
  });

  it('makes a start for each kind whose record can start, and Cancel and Kill for each that can stop, with its record’s commands', () => {
    for (const kind of STARTABLE_KINDS) assert.deepEqual(actionOf(HISTORIES[kind].start!.command)?.kinds, [kind], `${kind}: its start`);
    for (const kind of STOPPABLE_KINDS) {
      const { cancel, kill } = HISTORIES[kind].stop!;
      assert.deepEqual(actionOf(cancel.command)?.kinds, [kind], `${kind}: Cancel`);
      assert.deepEqual(actionOf(kill.command)?.kinds, [kind], `${kind}: Kill`);
      assert.ok(actionOf(kill.command)?.confirm, `${kind}: Kill asks first`);
    }
  });

  it('registers every action’s command', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      ACTIONS.map((a) => a.id).filter((id) => !registered.has(id)),
      [],
    );
  });
});
