// The extension's settings (`contributes.configuration` in package.json), read on demand and
// clamped to their documented bounds so a hand-edited settings.json cannot break a request.
import vscode = require('vscode');
import { DEFAULT_BASE_URL, MAX_TAKE, type HostNetwork } from '../api';

export interface Settings {
  /** Without a trailing slash. */
  baseUrl: string;
  /** 1..200: the `take` of every paged list. */
  pageSize: number;
  requestTimeoutMs: number;
  /** The watcher's base interval while a run is under way (it backs off from there). */
  refreshIntervalMs: number;
  /** Which ended runs get a notification. */
  notifyOnRunEnd: 'all' | 'failures' | 'none';
  /** How often the pinned items' histories are looked at. */
  pinnedRefreshMs: number;
  /** Tell a pinned item's new failure with a notification. */
  notifyPinnedFailures: boolean;
  /** Tell a pinned item's new unusual success with a notification. */
  notifyPinnedUnusual: boolean;
  /** Judge succeeded entries against their item's baseline at all (kinds/unusual.ts). */
  unusual: boolean;
}

export const SECTION = 'skyvia';

/** Trims and drops trailing slashes, so one service has one token key whatever was typed. */
export function normalizeBaseUrl(url: string | undefined): string {
  const trimmed = (url ?? '').trim().replace(/\/+$/, '');
  return trimmed || DEFAULT_BASE_URL;
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(max, Math.max(min, n));
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    baseUrl: normalizeBaseUrl(config.get<string>('baseUrl')),
    pageSize: clampInt(config.get('pageSize'), 1, MAX_TAKE, 50),
    requestTimeoutMs: clampInt(config.get('requestTimeoutSeconds'), 5, 300, 30) * 1000,
    refreshIntervalMs: clampInt(config.get('refreshIntervalSeconds'), 1, 300, 5) * 1000,
    notifyOnRunEnd: oneOf(config.get('notifyOnRunEnd'), ['all', 'failures', 'none'] as const, 'all'),
    pinnedRefreshMs: clampInt(config.get('pinned.refreshMinutes'), 1, 1440, 5) * 60_000,
    notifyPinnedFailures: config.get('pinned.notifyFailures') !== false,
    notifyPinnedUnusual: config.get('pinned.notifyUnusual') !== false,
    unusual: config.get('unusual.enabled') !== false,
  };
}

/** Remembers a base URL the user confirmed while signing in, so the next window uses it too. */
export async function saveBaseUrl(url: string): Promise<void> {
  const value = normalizeBaseUrl(url);
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', value === DEFAULT_BASE_URL ? undefined : value, vscode.ConfigurationTarget.Global);
}

export interface SettingsChange {
  now: Settings;
  before: Settings;
}

/** The settings, read on first use and re-read when one of ours changes. */
export class LiveSettings implements vscode.Disposable {
  private value?: Settings;
  private readonly emitter = new vscode.EventEmitter<SettingsChange>();
  /** Fires when a value that matters changed (after clamping and normalising). */
  readonly onDidChange = this.emitter.event;
  private readonly listener: vscode.Disposable;

  constructor() {
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SECTION)) return;
      const before = this.get();
      const now = (this.value = readSettings());
      if (JSON.stringify(before) !== JSON.stringify(now)) this.emitter.fire({ now, before });
    });
  }

  get(): Settings {
    return (this.value ??= readSettings());
  }

  dispose(): void {
    this.listener.dispose();
    this.emitter.dispose();
  }
}

/** What the API layer's connections need of VS Code (api/connections.ts): its version, and its `http.*` settings as each request is sent. */
export function hostNetwork(): HostNetwork {
  return {
    version: vscode.version,
    settings() {
      const http = vscode.workspace.getConfiguration('http');
      return {
        proxySupport: http.get<string>('proxySupport') || 'off',
        systemCertificates: !!http.get<boolean>('systemCertificates'),
        fetchAdditionalSupport: http.get<boolean>('fetchAdditionalSupport') !== false,
        // VS Code uses Electron's fetch only in a local extension host.
        electronFetch: !vscode.env.remoteName && !!http.get<boolean>('electronFetch'),
      };
    },
  };
}
