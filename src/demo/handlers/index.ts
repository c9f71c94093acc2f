// The kinds of object the demo serves, and every operation's handler. A kind is its handler file
// (its seed, its answers, its operations, how its runs start and can be unusual) plus its line in
// KINDS: the store, the seed, reset, schedules and the unusual-run maker work over this list.
//
// The types keep each kind's operation ids, so a missing handler is a compile error: "the demo
// answers every operation of the API table" is checked by tsc, not by hope.

import type { OperationId } from '../../api/operations';
import { accountHandlers } from './account';
import { agents } from './agents';
import { automations } from './automations';
import { backups } from './backups';
import { connections } from './connections';
import { endpoints } from './endpoints';
import { integrations } from './integrations';
import type { Handler } from './types';
import { workspaceHandlers } from './workspaces';

export const KINDS = [integrations, backups, automations, agents, connections, endpoints] as const;

type KindOperation = (typeof KINDS)[number] extends infer K ? (K extends { handlers: infer H } ? keyof H : never) : never;
type Answered = keyof typeof accountHandlers | keyof typeof workspaceHandlers | KindOperation;
/** Names the operations nothing answers; it compiles only while there are none. */
const unanswered: Record<Exclude<OperationId, Answered>, never> = {};

export const HANDLERS: Record<OperationId, Handler> = Object.assign({}, unanswered, accountHandlers, workspaceHandlers, ...KINDS.map((k) => k.handlers));
