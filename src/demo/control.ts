// /__demo/… routes: the in-process controls (faults, clock, shapes, stats, reset) for other processes —
// the extension's tests run in another process than the service. They need the token too.

import { ApiError } from './errors';
import { DEMO_FIXTURES } from './fixtures';
import type { Faults } from './faults';
import type { ControlRoutes } from './server';
import type { Schedules } from './schedules';
import type { Shapes } from './shapes';
import type { Stats } from './stats';

export interface ControlTarget {
  faults: Faults;
  stats: Stats;
  scale: number;
  getShapes(): Shapes;
  setShapes(s: Shapes): void;
  advance(ms: number): void;
  now(): number;
  schedules: Pick<Schedules, 'enabled' | 'setEnabled'>;
  /** Back to how the service started (see DemoService.reset). */
  reset(): void;
  /** Entries made to succeed unusually, and making the next one so (DemoState). */
  unusual: { list(): unknown[]; makeNext(body: Record<string, unknown>): object };
  /** Making the next run of an integration fail with a given message (DemoState). */
  failure: { makeNext(body: Record<string, unknown>): object };
}

function objectOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'Send a JSON object body.');
  return body as Record<string, unknown>;
}

export function controlRoutes(t: ControlTarget): ControlRoutes {
  return {
    handle(method, rest, body) {
      const route = `${method} ${rest.replace(/\/+$/, '')}`;
      switch (route) {
        case 'GET faults':
          return t.faults.describe();
        case 'POST faults':
          t.faults.apply(objectOf(body()));
          return t.faults.describe();
        case 'POST advance': {
          const ms = objectOf(body())['ms'];
          if (typeof ms !== 'number') throw new ApiError(400, 'Send {"ms": <milliseconds>}.');
          t.advance(ms);
          return { now: new Date(t.now()).toISOString() };
        }
        case 'GET schedules':
          return { on: t.schedules.enabled };
        case 'POST schedules': {
          const on = objectOf(body())['on'];
          if (typeof on !== 'boolean') throw new ApiError(400, 'Send {"on": true} or {"on": false}.');
          t.schedules.setEnabled(on, t.now());
          return { on };
        }
        case 'GET clock':
          return { now: new Date(t.now()).toISOString() };
        case 'GET shapes':
          return { shapes: t.getShapes() };
        case 'POST shapes': {
          const s = objectOf(body())['shapes'];
          if (s !== 'seed' && s !== 'live') throw new ApiError(400, 'Send {"shapes": "seed"} or {"shapes": "live"}.');
          t.setShapes(s);
          return { shapes: s };
        }
        case 'GET stats':
          return t.stats.toJSON();
        case 'POST stats/reset':
          t.stats.reset();
          return t.stats.toJSON();
        case 'POST reset':
          t.reset();
          return { now: new Date(t.now()).toISOString(), shapes: t.getShapes(), schedules: t.schedules.enabled };
        case 'GET unusual':
          return { entries: t.unusual.list() };
        case 'POST unusual':
          return { next: t.unusual.makeNext(objectOf(body())) };
        case 'POST failure':
          return { next: t.failure.makeNext(objectOf(body())) };
        case 'GET fixtures':
          return { scale: t.scale, fixtures: DEMO_FIXTURES };
        default:
          throw new ApiError(
            404,
            `No demo control ${method} /__demo/${rest}. Try GET|POST faults, POST advance, GET clock, GET|POST shapes, GET|POST schedules, GET stats, POST stats/reset, POST reset, GET|POST unusual, POST failure, GET fixtures.`,
          );
      }
    },
  };
}
