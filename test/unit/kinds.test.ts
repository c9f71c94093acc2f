// Kind conformance: every record against everything made from the records — its rows' menus (as
// VS Code matches package.json's clauses), its panel's buttons, its actions, its commands' titles
// and places, the chat tools, export, pins, compare and the Failures view. A kind that lacks
// something, or gets a menu item that would quietly do nothing on its rows, fails a test named
// after it. Made from the records: a kind added to them is checked with the rest.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ACTIONS } from '../../src/commands/actions/all';
import { buttonsFor } from '../../src/kinds/panelButtons';
import { commandToken, type Capability } from '../../src/kinds/contextValues';
import {
  commandOf,
  commandTokens,
  COMPARABLE_KINDS,
  entryCapabilities,
  entryOf,
  entryTokens,
  hasPanel,
  HISTORIES,
  HISTORY_KINDS,
  historyOf,
  itemOf,
  PANEL_KINDS,
  STARTABLE_KINDS,
  STOPPABLE_KINDS,
  TESTABLE_KINDS,
  TOGGLE_KINDS,
} from '../../src/kinds';
import type { LabelFacts } from '../../src/shared/describe';
import type { RunRecord } from '../../src/shared/model';
import { CommandId } from '../../src/shared/commandIds';
import { REF_KINDS, refs, type RefKind } from '../../src/shared/refs';
import { TOOLS } from '../../src/tools/catalog';
import { fieldsOf } from '../../scripts/contributions/toolFields';
import { evaluate, parseWhen } from '../../scripts/contributions/whenClause';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

const ITEM = refs.item('a', 'integration', 1, 2);
const RUN: RunRecord = { ref: refs.entry('a', 'run', 1, 2, 3), item: ITEM, itemName: 'x', state: 'Running', outcome: 'running', startedHere: false, seenAt: 0 };

/** Moments of an item's life: idle, running, canceling, each schedule state, pinned, busy. */
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
  { busy: 'starting…' },
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
/** Entries: failed, succeeded, never said — each also as an unusual success would be. */
const ENTRY_ROWS: object[] = [{ state: 'Failed', failed: true }, { state: 'Succeeded', failed: false }, {}];

interface Moment {
  granted: Capability[];
  /** The row's context value as the tree makes it. */
  context: string;
}

/** Each moment of a kind's life: what its record grants, and its row's context value then. */
function moments(kind: RefKind): Moment[] {
  const entry = entryOf(kind);
  const item = itemOf(kind);
  const out: Moment[] = [];
  if (entry)
    for (const e of ENTRY_ROWS)
      for (const unusual of [false, true])
        out.push({ granted: entryCapabilities(entry, e, unusual), context: [kind, 'hasId', ...entryTokens(kind, e, unusual)].join(' ') });
  if (item)
    for (const facts of FACTS)
      for (const data of ROWS) {
        const v = { ref: { ...ITEM, kind }, data: data as never, facts, busy: facts.busy, now: Date.now() };
        const granted = item.capabilities(v).filter((c): c is Capability => !!c);
        const tokens = [...commandTokens(kind, granted), hasPanel(kind) && commandToken(CommandId.openPanel)];
        out.push({ granted, context: [kind, ...(historyOf(kind) ? ['history', 'refreshable'] : []), 'hasId', ...tokens].filter(Boolean).join(' ') });
      }
  return out;
}

const rowMenus = (pkg.contributes.menus['view/item/context'] as { command: string; when: string }[]).map((m) => ({ ...m, clause: parseWhen(m.when) }));
const shownOn = (view: string, context: string) => rowMenus.filter((m) => evaluate(m.clause, { view, viewItem: context })).map((m) => m.command);
const actionOf = (id: string) => ACTIONS.find((a) => a.id === id);
const declared = new Set((pkg.contributes.commands as { command: string }[]).map((c) => c.command));

describe('kind conformance: every record against what is made of it', () => {
  for (const kind of REF_KINDS) {
    describe(kind, () => {
      const all = moments(kind);

      it('shows only menu items and panel buttons that run an action applying to it', () => {
        const wrong = new Set<string>();
        for (const { granted, context } of all) {
          const commands = [
            ...['skyvia.explorer', 'skyvia.activity', 'skyvia.failures'].flatMap((v) => shownOn(v, context)),
            ...buttonsFor(kind, granted).map((b) => b.command),
          ];
          for (const command of commands) {
            const action = actionOf(command);
            // A command that is not an action (Filter…, Refresh of a list) takes its node as it is.
            if (action && !action.kinds.includes(kind)) wrong.add(`${command} (applies to ${action.kinds.join(', ')})`);
          }
        }
        assert.deepEqual([...wrong], [], `${kind}: menu items or buttons that would do nothing`);
      });

      it('has, for every capability its record grants, a declared command with a title that its row’s menu shows', () => {
        const lacking = new Set<string>();
        for (const { granted, context } of all)
          for (const c of granted) {
            const id = commandOf(kind, c);
            if (!id) lacking.add(`${c}: no command does it`);
            else if (!declared.has(id)) lacking.add(`${c}: ${id} is not in package.json`);
            else if (!nls[`command.${id.replace('skyvia.', '')}.title`]) lacking.add(`${c}: ${id} has no title in package.nls.json`);
            else if (!actionOf(id)?.kinds.includes(kind)) lacking.add(`${c}: ${id} is not an action on ${kind}`);
            else if (!shownOn('skyvia.explorer', context).includes(id) && itemOf(kind)) lacking.add(`${c}: ${id} is in no menu of its row`);
          }
        assert.deepEqual([...lacking], []);
      });

      it('is listed for an action only where its record can grant what that action needs', () => {
        const granted = new Set(all.flatMap((m) => m.granted));
        const never = ACTIONS.filter((a) => a.needs && a.kinds.includes(kind) && !granted.has(a.needs)).map((a) => `${a.id} (needs ${a.needs})`);
        assert.deepEqual(never, []);
      });

      const history = historyOf(kind);
      if (history) {
        it('has its history’s features: panel, export, pin, Open Log of its entries, the Failures view if scanned, the chat’s history tools', () => {
          const entries = history.entry.kind;
          assert.ok(PANEL_KINDS.includes(kind) && PANEL_KINDS.includes(entries), 'a panel for it and its entries');
          for (const id of [CommandId.exportHistory, CommandId.pin, CommandId.unpin, CommandId.openPanel])
            assert.ok(actionOf(id)?.kinds.includes(kind), `${id} applies to it`);
          assert.ok(actionOf(CommandId.openLog)?.kinds.includes(entries), `Open Log applies to its ${entries}s`);
          assert.equal(
            actionOf(CommandId.compareWithLastSuccess)?.kinds.includes(entries) ?? false,
            COMPARABLE_KINDS.includes(entries),
            'Compare as its entries’ record says',
          );
          const takes = (tool: string, field: string) => fieldsOf(TOOLS.find((t) => t.name === tool)!).allowed.get(field) ?? [];
          assert.ok(takes('skyvia_recent_runs', 'kind').includes(kind), 'the chat reads its history');
          assert.ok(takes('skyvia_run_details', 'kind').includes(entries), 'the chat reads its entries');
          assert.equal(
            takes('skyvia_start_run', 'kind').includes(kind),
            (STARTABLE_KINDS as readonly RefKind[]).includes(kind),
            'the chat starts it as its record can',
          );
          assert.equal(
            takes('skyvia_stop_run', 'kind').includes(kind),
            (STOPPABLE_KINDS as readonly RefKind[]).includes(kind),
            'the chat stops it as its record can',
          );
          assert.equal(
            takes('skyvia_set_enabled', 'kind').includes(kind),
            (TOGGLE_KINDS as readonly RefKind[]).includes(kind),
            'the chat turns it on and off as its record can',
          );
        });

        if (history.start)
          it('starts by the action its record names, never retried', () => {
            const start = actionOf(history.start!.command);
            assert.deepEqual(start?.kinds, [kind]);
            assert.equal(start?.startsWork, true);
          });
        if (history.stop)
          it('stops by Cancel and Kill as its record names them; Kill asks first; its run under way offers them', () => {
            const { cancel, kill } = history.stop!;
            assert.deepEqual(actionOf(cancel.command)?.kinds, [kind]);
            assert.deepEqual(actionOf(kill.command)?.kinds, [kind]);
            assert.ok(actionOf(kill.command)?.confirm, 'Kill asks first');
            const running = moments(kind).filter((m) => m.granted.includes(cancel.needs));
            assert.ok(running.length > 0, 'Cancel is granted while a run is under way');
          });
      }
      if ((TESTABLE_KINDS as readonly RefKind[]).includes(kind))
        it('is tested by the action its record names', () => assert.deepEqual(actionOf(commandOf(kind, 'canTest')!)?.kinds, [kind]));
    });
  }

  it('lists history kinds, startable, stoppable and toggled ones from the records alone', () => {
    assert.deepEqual(HISTORY_KINDS, Object.keys(HISTORIES));
    for (const k of STARTABLE_KINDS) assert.ok(HISTORIES[k].start);
    for (const k of STOPPABLE_KINDS) assert.ok(HISTORIES[k].stop);
  });
});
