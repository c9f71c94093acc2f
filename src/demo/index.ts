// The demo service: a real HTTP server on 127.0.0.1 answering all 52 operations of the Skyvia
// API over an in-memory, deterministic account. Tests, benchmarks and the extension's "try it
// without an account" mode import this; `cli.ts` runs it in the foreground.

import { randomBytes } from 'node:crypto';
import { DemoClock } from './clock';
import { controlRoutes } from './control';
import { Faults, type FaultControls } from './faults';
import { KINDS } from './handlers';
import { DemoHttpServer } from './server';
import type { Shapes } from './shapes';
import { DemoState } from './state';
import { Stats } from './stats';
import { makeNextFail } from './failures';
import { makeNextUnusual, unusualEntries } from './unusual';

export { DEMO_FIXTURES, scaledCount } from './fixtures';
export type { FaultControls, OkContentType } from './faults';

export interface DemoOptions {
  /** 0 = a free port. */
  port?: number;
  /** Multiplies items per category, history lengths and log lines. Default 1; at most 1000. */
  scale?: number;
  /** Which spelling of the API to serve. Default 'seed'. */
  shapes?: 'seed' | 'live';
  /** Default 1; 10 = ten times faster. */
  timeScale?: number;
  /** Time moves only via advance(). */
  manualClock?: boolean;
  /** Default: random 'demo-' + hex. */
  token?: string;
  /** Scheduled integrations and backups run by themselves as the clock passes their slots. Default off. */
  schedules?: boolean;
}

export interface DemoService {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  token: string;
  /** Switchable at runtime via setShapes. */
  shapes: 'seed' | 'live';
  setShapes(s: 'seed' | 'live'): void;
  /** Moves the clock (manual or not) forward. */
  advance(ms: number): void;
  faults: FaultControls;
  stats: { requests: number; byOperation: Record<string, number>; runsStarted: number; snapshotsStarted: number; reset(): void };
  /**
   * Back to how it started: the account seeded anew, the clock at its start, no fault, stats at
   * zero, the shapes and schedules it started with (also `POST /__demo/reset`).
   */
  reset(): void;
  close(): Promise<void>;
}

/** Largest scale: beyond it generated int32 run ids could overflow. */
export const MAX_SCALE = 1000;

export function validateOptions(opts: DemoOptions): void {
  const { port = 0, scale = 1, timeScale = 1, shapes = 'seed', token } = opts;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer 0..65535, got ${String(port)}`);
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) throw new RangeError(`scale must be a number > 0 and <= ${MAX_SCALE}, got ${String(scale)}`);
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new RangeError(`timeScale must be a number > 0, got ${String(timeScale)}`);
  if (shapes !== 'seed' && shapes !== 'live') throw new RangeError(`shapes must be 'seed' or 'live', got ${String(shapes)}`);
  if (token !== undefined && (token.trim() === '' || /\s/.test(token))) throw new RangeError('token must be non-empty and contain no whitespace');
}

export async function startDemoService(opts: DemoOptions = {}): Promise<DemoService> {
  validateOptions(opts);
  const scale = opts.scale ?? 1;
  const clock = new DemoClock({ timeScale: opts.timeScale ?? 1, manual: opts.manualClock ?? false });
  const state = new DemoState(clock, scale, opts.shapes ?? 'seed', KINDS);
  const startSchedules = (): void => {
    if (opts.schedules) state.schedules.setEnabled(true, clock.now());
  };
  startSchedules();
  const faults = new Faults();
  const stats = new Stats(state);
  const token = opts.token ?? `demo-${randomBytes(16).toString('hex')}`;
  const setShapes = (s: Shapes): void => {
    if (s !== 'seed' && s !== 'live') throw new RangeError(`shapes must be 'seed' or 'live', got ${String(s)}`);
    state.shapes = s;
  };
  const advance = (ms: number): void => clock.advance(ms);
  const reset = (): void => {
    faults.clear();
    clock.reset();
    state.reset();
    startSchedules();
    stats.reset();
  };
  const http = new DemoHttpServer({
    state,
    faults,
    stats,
    token,
    control: controlRoutes({
      faults,
      stats,
      scale,
      getShapes: () => state.shapes,
      setShapes,
      advance,
      now: () => clock.now(),
      schedules: state.schedules,
      reset,
      unusual: { list: () => unusualEntries(state.kinds), makeNext: (body) => makeNextUnusual(state.kinds, body) },
      failure: { makeNext: (body) => makeNextFail(state.kinds, body) },
    }),
  });
  const port = await http.listen(opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    get shapes() {
      return state.shapes;
    },
    set shapes(s: Shapes) {
      setShapes(s);
    },
    setShapes,
    advance,
    faults,
    stats,
    reset,
    close: () => http.close(),
  };
}
