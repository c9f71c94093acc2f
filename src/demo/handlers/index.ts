// The kinds of object the demo serves, and every operation's handler. A kind is its handler file
// (its seed, its answers, its operations, how its runs start and can be unusual): `KINDS`, which
// `npm run contributions` makes of the kinds the handler files export (registry.ts), is the list
// the store, the seed, reset, schedules and the unusual-run maker work over.
//
// The types keep each kind's operation ids, so a missing handler is a compile error: "the demo
// answers every operation of the API table" is checked by tsc, not by hope.

import type { OperationId } from '../../api/operations';
import { accountHandlers } from './account';
import { KINDS } from './registry';
import type { Handler } from './types';
import { workspaceHandlers } from './workspaces';

export { KINDS };

type KindOperation = (typeof KINDS)[number] extends infer K ? (K extends { handlers: infer H } ? keyof H : never) : never;
type Answered = keyof typeof accountHandlers | keyof typeof workspaceHandlers | KindOperation;
/** Names the operations nothing answers; it compiles only while there are none. */
const unanswered: Record<Exclude<OperationId, Answered>, never> = {};

export const HANDLERS: Record<OperationId, Handler> = Object.assign({}, unanswered, accountHandlers, workspaceHandlers, ...KINDS.map((k) => k.handlers));
