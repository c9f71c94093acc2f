// What several kinds' records share: description pieces and tokens, the run records made from the
// service's answers, and the shape of a named object's title.
import * as l10n from '@vscode/l10n';
import type { IntegrationRun, BackupRun } from '../api';
import type { LabelFacts } from '../shared/describe';
import { latestText as latestFieldText, scheduleState, str } from '../shared/describe';
import { joinParts, nameOr, relativeTime, type UnnamedWords } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { isActive, outcomeOf } from '../shared/outcome';
import { refs, type EntryKind, type ItemRef } from '../shared/refs';
import { stateWord } from '../shared/words';
import type { Capability, Flag } from './contextValues';
import type { EntryRecord, EntryWords, ItemView } from './kind';
import { unusualLine } from './unusual';

/** "Running" / "Queued" / "Canceling" while a run is under way, else the newest entry. */
export function progressText(v: ItemView<unknown>): string | undefined {
  const active = v.facts.active;
  if (active) return stateWord(active.state);
  return latestText(v.facts, v.now);
}

/** "Succeeded 3 h ago · unusual": the newest entry, and whether it succeeded unusually. */
export function latestText(facts: LabelFacts, now: number): string | undefined {
  const l = facts.latest;
  return l
    ? joinParts(
        l.state && stateWord(l.state),
        relativeTime(l.date, now),
        l.unusual && l10n.t({ message: 'unusual', comment: ['The newest run succeeded, but not as usual'] }),
      ) || undefined
    : undefined;
}

/** The "Last run" field: "Succeeded 2026-11-26 02:56 (3 h ago) · Unusual: 0 rows written, usually about 4,200". */
export function latestField<E>(latest: LabelFacts['latest'], now: number | undefined, entry: EntryRecord<E>): string | undefined {
  return joinParts(latestFieldText(latest, now), latest?.unusual && unusualLine(entry, latest.unusual)) || undefined;
}

/** Red after a failure (the Testing view's colour, which every theme defines), amber after an unusual success, else the theme's colour. */
export function latestColor(facts: LabelFacts): string | undefined {
  if (outcomeOf(facts.latest?.state) === 'failed') return 'testing.iconFailed';
  return facts.latest?.unusual ? 'problemsWarningIcon.foreground' : undefined;
}

/** "schedule on" / "schedule off" / "no schedule" for a description. */
export function scheduleWords(v: ItemView<{ scheduled?: boolean }>): string | undefined {
  const state = scheduleState(v.facts.schedule, v.data.scheduled);
  if (!state) return undefined;
  return { none: () => l10n.t('no schedule'), on: () => l10n.t('schedule on'), off: () => l10n.t('schedule off') }[state]();
}

function scheduleOf(v: ItemView<{ scheduled?: boolean }>): { on: boolean; none: boolean } {
  const s = v.facts.schedule;
  return { on: s ? s === 'active' : v.data.scheduled === true, none: s === 'none' };
}

/** Schedule state tokens. */
export function scheduleFlags(v: ItemView<{ scheduled?: boolean }>): (Flag | false)[] {
  const { on, none } = scheduleOf(v);
  return [on && 'scheduled', !on && !none && 'unscheduled', none && 'noSchedule'];
}

/** Enable or disable the schedule: Enable is never offered when no schedule is defined. */
export function scheduleCapabilities(v: ItemView<{ scheduled?: boolean }>): (Capability | false)[] {
  const { on, none } = scheduleOf(v);
  return v.busy ? [] : [!on && !none && 'canEnableSchedule', on && 'canDisableSchedule'];
}

/** Pin or Unpin: any item with a history can stand in the Pinned group. */
export function pinCapability(v: ItemView<unknown>): Capability {
  return v.facts.pinned ? 'canUnpin' : 'canPin';
}

/** State tokens of an item that can have a run under way. */
export function runFlags(v: ItemView<unknown>): (Flag | false)[] {
  return [!!v.facts.active && 'running'];
}

/**
 * Cancel and Kill, for the run under way of an item whose record can stop it (`stop`): Cancel
 * once (not while it is canceling), Kill whenever it runs — it is the way out of a cancel that hangs.
 */
export function stopCapabilities(v: ItemView<unknown>): (Capability | false)[] {
  const run = v.facts.active;
  if (!run || v.busy) return [];
  const canceling = /^cancel/i.test(run.state);
  return [!canceling && 'canCancel', 'canKill'];
}

/** How an entry ended, as its words say it (kind.ts `EntryWords.ended`). */
export type Ended = Parameters<EntryWords['ended']>[0];

/** How an entry ended, in the one of its kind's whole sentences that says so (the same choice for every kind). */
export function endedSentence(
  e: Ended,
  said: { succeeded(): string; failed(): string; failedWith(error: string): string; killed(): string; canceled(): string; unread(): string },
): string {
  if (e.outcome === 'succeeded') return said.succeeded();
  if (e.outcome === 'failed') return e.error ? said.failedWith(e.error) : said.failed();
  if (e.outcome === 'canceled') return e.killed ? said.killed() : said.canceled();
  // Still "running", or a word no description lists: the service's own word, and that its outcome could not be read.
  return said.unread();
}

/** The title of an object named by its `name` field ("Integration #42" when it has none). */
export function namedTitle(words: UnnamedWords): (ref: ItemRef, data: unknown) => string {
  return (ref, data) => nameOr(str((data as { name?: unknown } | undefined)?.name), words, ref.id);
}

// ---- The service's answers → run records (what the run store and the watcher keep)

/** A record that still says "running" after the run left the active slot ended in a way no read told. */
export function settled(rec: RunRecord): RunRecord {
  return isActive(rec.outcome) ? { ...rec, state: 'Unknown', outcome: 'unknown' } : rec;
}

/** Milliseconds between two of the service's timestamps (same clock, same zone), if both parse. */
export function span(from?: string | null, to?: string | null): number | undefined {
  if (!from || !to) return undefined;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Milliseconds as seconds, for a figure. */
export function secondsOf(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : ms / 1000;
}

/** What a start or an active-run read answers, in the shape integration and backup runs share (and a new kind's may). */
export type StartedRun = Pick<IntegrationRun | BackupRun, 'runId' | 'state' | 'date'> & { successRows?: number; errorRows?: number };

/**
 * A run record from a start's or an active-run read's answer, for any kind whose runs answer in
 * that shape. Integration runs and backup runs (a backup run's `runId` is its snapshot's id) share their
 * shape: `runId`, `date`, `state`, row counts. As returned by a start and by "active run".
 * `rows`: its counts are rows written (an integration run's), which a run under way shows.
 */
export function startRecord(kind: EntryKind, item: ItemRef, name: string, r: StartedRun, startedHere: boolean, rows: boolean): RunRecord {
  return {
    ref: refs.entryOf(item, kind, r.runId),
    item,
    itemName: name,
    state: r.state ?? 'Unknown',
    outcome: outcomeOf(r.state),
    date: r.date,
    ...(rows ? { successRows: r.successRows, errorRows: r.errorRows } : {}),
    startedHere,
    seenAt: Date.now(),
  };
}
