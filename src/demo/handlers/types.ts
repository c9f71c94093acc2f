// What a handler sees and returns. Handlers are synchronous functions of the request and the
// in-memory state; the server does HTTP, auth, faults and serialisation around them.

import type { OperationId } from '../../api/operations';
import type { DemoState } from '../state';
import type { Query } from '../params';

export interface Ctx {
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  query: Query;
  /** The parsed JSON body (undefined when there is none); malformed JSON throws the 400 envelope. */
  body(): unknown;
  state: DemoState;
  /** The simulated time of this request. */
  now: number;
}

export interface Reply {
  status: number;
  /** undefined → no body. */
  body?: unknown;
}

export type Handler = (ctx: Ctx) => Reply;

/** Handlers of some of the operations, by operation id. */
export type Handlers = Partial<Record<OperationId, Handler>>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
/** 200 with an empty body: the "no body" operations. */
export const empty = (): Reply => ({ status: 200 });
export const noContent = (): Reply => ({ status: 204 });
