// The token in the extension host's environment: `SKYVIA_EXPLORER_TOKEN` and, optionally,
// `SKYVIA_EXPLORER_BASE_URL` (default: the `skyvia.baseUrl` setting). This is how `npm start` and
// the test launchers start VS Code already signed in. It is used in memory only: never stored,
// never logged. Signing out of it ignores it from then on (remembered in globalState), so
// sign-out sticks even though the environment still holds it.
import type * as vscode from 'vscode';
import { normalizeBaseUrl, type Settings } from '../settings';

export const ENV_TOKEN = 'SKYVIA_EXPLORER_TOKEN';
export const ENV_BASE_URL = 'SKYVIA_EXPLORER_BASE_URL';
const ENV_IGNORED = 'skyvia.envTokenIgnored';

export interface EnvironmentDeps {
  env: Record<string, string | undefined>;
  globalState: vscode.Memento;
  settings: () => Settings;
}

export class EnvironmentToken {
  constructor(private readonly deps: EnvironmentDeps) {}

  /** `ignored` after a sign-out, until the user asks for it again (`useAgain`). */
  status(): 'none' | 'used' | 'ignored' {
    if (!this.deps.env[ENV_TOKEN]?.trim()) return 'none';
    return this.ignored ? 'ignored' : 'used';
  }

  /** The token and its service, whether or not a sign-out had it ignored. */
  given(): { token: string; baseUrl: string } | undefined {
    const token = this.deps.env[ENV_TOKEN]?.trim();
    return token ? { token, baseUrl: this.baseUrl() } : undefined;
  }

  /** The token and its service, unless a sign-out had it ignored. */
  inUse(): { token: string; baseUrl: string } | undefined {
    const token = this.deps.env[ENV_TOKEN]?.trim();
    return !token || this.ignored ? undefined : { token, baseUrl: this.baseUrl() };
  }

  /** Its service moves with the `skyvia.baseUrl` setting, the environment naming none. */
  get followsSetting(): boolean {
    return !this.deps.env[ENV_BASE_URL];
  }

  /** Signed out of: ignored from now on, also after a reload. */
  ignore(): Thenable<void> {
    return this.deps.globalState.update(ENV_IGNORED, true);
  }

  /** Asked for again after a sign-out. */
  useAgain(): Thenable<void> {
    return this.deps.globalState.update(ENV_IGNORED, undefined);
  }

  private get ignored(): boolean {
    return !!this.deps.globalState.get<boolean>(ENV_IGNORED);
  }

  private baseUrl(): string {
    return normalizeBaseUrl(this.deps.env[ENV_BASE_URL] || this.deps.settings().baseUrl);
  }
}
