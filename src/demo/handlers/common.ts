// Small helpers shared by the handler modules.

import { validation, type FieldErrors } from '../errors';
import type { DemoItem, DemoKind, EntryId } from '../kinds';
import { int32Param, pageOf, paging } from '../params';
import { ok, type Ctx, type Reply } from './types';

/** An int32 path parameter of the matched route. */
export function id32(c: Ctx, name: string): number {
  return int32Param(c.params[name] ?? '', name);
}

/** The item of `kind` the route names by `param`, in the route's workspace (404 when it has none of that id). */
export function itemOf<R extends DemoItem, S, I extends EntryId>(c: Ctx, kind: DemoKind<R, S, I>, param: string): R {
  return c.state.item(kind, id32(c, 'workspaceId'), id32(c, param));
}

/** A page of the items of `kind` in the route's workspace, each as `json` makes it. */
export function listOf<R extends DemoItem, S, I extends EntryId>(c: Ctx, kind: DemoKind<R, S, I>, json: (item: R) => object): Reply {
  const ws = c.state.workspace(id32(c, 'workspaceId'));
  const page = pageOf(c.state.kinds.catalog(kind).list(ws.id), paging(c.query));
  return ok({ data: page.data.map(json), hasMore: page.hasMore });
}

/** The JSON body as an object, or the 400 ASP.NET gives when a body is missing or is not an object. */
export function objectBody(c: Ctx, dto: string): Record<string, unknown> {
  const body = c.body();
  if (body === undefined) throw validation({ '': ['A non-empty request body is required.'] });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validation({ $: [`The JSON value could not be converted to ${dto}.`] });
  }
  return body as Record<string, unknown>;
}

/** An int32 body field; records an error and returns undefined when absent or not an int32. */
export function intField(body: Record<string, unknown>, field: string, errors: FieldErrors, path = field): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    (errors[path] ??= []).push(`The ${field} field is required.`);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -2147483648 || v > 2147483647) {
    (errors[path] ??= []).push(`The JSON value could not be converted to System.Int32. Path: $.${path}.`);
    return undefined;
  }
  return v;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validation(errors);
}
