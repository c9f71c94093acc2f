// Routing by the operation table (src/api/operations.ts): the client builds URLs from the same
// table, so the two cannot drift apart.

import { OPERATIONS, type OperationId } from '../api/operations';

interface Route {
  op: OperationId;
  method: string;
  segments: string[];
}

export type RouteMatch =
  { kind: 'match'; op: OperationId; params: Record<string, string> } | { kind: 'methodNotAllowed'; allowed: string[] } | { kind: 'notFound' };

const ROUTES: Route[] = (Object.keys(OPERATIONS) as OperationId[]).map((op) => ({
  op,
  method: OPERATIONS[op].method,
  segments: OPERATIONS[op].path.split('/').filter((s) => s !== ''),
}));

const isParam = (s: string): boolean => s.startsWith('{') && s.endsWith('}');

/** Whether route a is more specific than b: the first position where they differ, a has a literal. */
function moreSpecific(a: Route, b: Route): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const la = !isParam(a.segments[i] as string);
    const lb = !isParam(b.segments[i] as string);
    if (la !== lb) return la;
  }
  return false;
}

/**
 * Matches decoded path segments. Literal segments win over parameters at the same level
 * (`executions/active` is not the run with id "active"); literals match case-insensitively, as
 * ASP.NET routing does.
 */
export function matchRoute(method: string, segments: string[]): RouteMatch {
  let best: Route | undefined;
  let bestParams: Record<string, string> = {};
  const allowed = new Set<string>();
  for (const route of ROUTES) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < segments.length && matched; i++) {
      const t = route.segments[i] as string;
      const s = segments[i] as string;
      if (isParam(t)) params[t.slice(1, -1)] = s;
      else matched = t.toLowerCase() === s.toLowerCase();
    }
    if (!matched) continue;
    allowed.add(route.method);
    if (route.method !== method) continue;
    if (!best || moreSpecific(route, best)) {
      best = route;
      bestParams = params;
    }
  }
  if (best) return { kind: 'match', op: best.op, params: bestParams };
  return allowed.size > 0 ? { kind: 'methodNotAllowed', allowed: [...allowed] } : { kind: 'notFound' };
}
