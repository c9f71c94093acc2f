// Every kind's record, by kind: where the tree, the panels, the runner (for the palette and the
// chat tools) and the pickers look up what a kind shows and what it allows.
import type { Facts } from '../shared/describe';
import type { ItemRef, RefKind, WorkspaceItemKind } from '../shared/refs';
import { AGENT, CONNECTION } from './agentsAndConnections';
import { whyNot } from './actions';
import type { Capability } from './contextValues';
import { HISTORY_SPECS, historyOf } from './histories';
import type { ItemSpec, WorkspaceItemSpec } from './kind';
import { ACCOUNT_USER, INVITATION, WORKSPACE_USER } from './people';

const LEAVES = { agent: AGENT, connection: CONNECTION, accountUser: ACCOUNT_USER, workspaceUser: WORKSPACE_USER, invitation: INVITATION } as unknown as Partial<Record<RefKind, ItemSpec<unknown>>>;

/** Each kind of workspace item's record: how pickers, tools and the account's scans list them. */
export const WORKSPACE_ITEM_SPECS = { ...HISTORY_SPECS, agent: AGENT, connection: CONNECTION } as unknown as Record<WorkspaceItemKind, WorkspaceItemSpec<{ id?: number | null; name?: string | null }>>;

/** The record of a kind of item, if it has one (entries and the account are described, not acted on by capability). */
export function recordOf(kind: RefKind): ItemSpec<unknown> | undefined {
  return historyOf(kind) ?? LEAVES[kind];
}

/** What can be done to an item now, by its kind's record; `undefined` for kinds without one. */
export function capabilitiesOf(ref: ItemRef, data: object, facts: Facts, now = Date.now()): Capability[] | undefined {
  const record = recordOf(ref.kind);
  if (!record) return undefined;
  return record.capabilities({ ref, data: facts.row ?? data, facts, busy: facts.busy, now }).filter((c): c is Capability => !!c);
}

/**
 * Why an action that needs `capability` should not be sent for this item now, or `undefined`
 * when it may be. What is unknown is no reason: a run under way nobody has read yet is the
 * service's to refuse (Cancel from the palette on an item not read in this window still asks it).
 */
export function refusal(capability: Capability, ref: ItemRef, data: object, facts: Facts, name: string): string | undefined {
  const granted = capabilitiesOf(ref, data, facts);
  if (!granted || granted.includes(capability)) return undefined;
  if (!facts.busy && facts.active === undefined && (capability === 'canCancel' || capability === 'canKill')) return undefined;
  return whyNot(capability, facts, name);
}
