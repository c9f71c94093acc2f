// Which command does what a capability grants, on each kind: the kind's own where its record names
// one (its start, its stops, its toggle, its test, its secret, its `commands`), else the one every
// kind shares (Pin, Open Log…). The tree's rows carry these commands as tokens (package.json's
// menus select by them) and the panels make their buttons of them, so a capability two kinds share
// never runs one kind's command on the other's row.
import { CommandId } from '../shared/commandIds';
import { isEntryKind, REF_KINDS, type RefKind } from '../shared/refs';
import { commandToken, type Capability, type CommandToken } from './contextValues';
import { ENTRIES, historyOf, KINDS, WORKSPACE_ITEMS } from './tables';
import type { EntryRecord, HistoryRecord } from './kind';
import { isWorkspaceItemKind } from '../shared/refs';

/** The command of a capability that is the same whatever the kind. */
export const SHARED_COMMANDS: Partial<Record<Capability, CommandId>> = {
  canShowActive: CommandId.showActiveRun,
  canPin: CommandId.pin,
  canUnpin: CommandId.unpin,
  canOpenLog: CommandId.openLog,
  canCompare: CommandId.compareWithLastSuccess,
};

/** What a history record's specs name: its start, its stops, its toggle. */
function historyCommands(h: HistoryRecord | undefined): Partial<Record<Capability, CommandId>> {
  if (!h) return {};
  const t = h.toggle;
  return {
    ...(h.start ? { [h.start.needs]: h.start.command } : {}),
    ...(h.stop ? { [h.stop.cancel.needs]: h.stop.cancel.command, [h.stop.kill.needs]: h.stop.kill.command } : {}),
    ...(t ? (t.schedule ? { canEnableSchedule: t.enable, canDisableSchedule: t.disable } : { canEnable: t.enable, canDisable: t.disable }) : {}),
  };
}

/** Each kind's commands, made once: records do not change, and every row drawn asks. */
const ownCommands = new Map<RefKind, Partial<Record<Capability, CommandId>>>();

/** The commands a kind's record names for its capabilities: its own, before any shared one. */
export function commandsOf(kind: RefKind): Partial<Record<Capability, CommandId>> {
  let own = ownCommands.get(kind);
  if (!own) {
    const w = isWorkspaceItemKind(kind) ? WORKSPACE_ITEMS[kind] : undefined;
    own = {
      ...historyCommands(historyOf(kind)),
      ...(w?.test ? { canTest: w.test.command } : {}),
      ...(w?.secret ? { [w.secret.needs]: w.secret.command } : {}),
      ...KINDS[kind].commands,
    };
    ownCommands.set(kind, own);
  }
  return own;
}

/**
 * The kinds whose records name this command for a capability of their own: what the action of a
 * kind's own command applies to (Resend: invitations), never a list written beside the action.
 */
export function kindsOfCommand(command: CommandId): RefKind[] {
  return REF_KINDS.filter((kind) => Object.values(commandsOf(kind)).includes(command));
}

/** The command that does what `capability` grants on an object of this kind, if any does. */
export function commandOf(kind: RefKind, capability: Capability): CommandId | undefined {
  return commandsOf(kind)[capability] ?? SHARED_COMMANDS[capability];
}

/** The tokens of the commands the granted capabilities run on a row of this kind. */
export function commandTokens(kind: RefKind, granted: readonly (Capability | false | undefined)[]): CommandToken[] {
  return granted.flatMap((c) => {
    const id = c ? commandOf(kind, c) : undefined;
    return id ? [commandToken(id)] : [];
  });
}

/**
 * What can be done to a history entry: its record's capabilities, and beside an unusual success of
 * a kind that compares, Compare with Last Success as beside a failure.
 */
export function entryCapabilities(record: EntryRecord, e: object, unusual: boolean): Capability[] {
  const granted = record.capabilities(e as never);
  const own = granted.filter((c): c is Capability => !!c && c !== 'canCompare');
  const compare = granted.includes('canCompare') || (unusual && record.comparable);
  return compare ? [...own, 'canCompare'] : own;
}

/** The tokens of a history entry's row: its capabilities' commands, and its panel. */
export function entryTokens(kind: RefKind, e: object, unusual: boolean): CommandToken[] {
  if (!isEntryKind(kind)) return [];
  return [...commandTokens(kind, entryCapabilities(ENTRIES[kind], e, unusual)), commandToken(CommandId.openPanel)];
}
