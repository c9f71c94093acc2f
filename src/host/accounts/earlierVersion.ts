// An earlier version kept one token per base URL (`skyvia.token:<url>` in SecretStorage) and the
// pins under "<url>#<fingerprint>". A window that finds no list of accounts takes that storage
// over, once: the configured service's token becomes the first account, and the pins kept for it
// (or for the environment's token) move to their account's key.
import type * as vscode from 'vscode';
import { PinStore } from '../../state/pins';
import type { OutputLog } from '../outputLog';
import type { Settings } from '../settings';
import type { TokenStore } from '../tokenStore';
import type { EnvironmentToken } from './environmentToken';
import { accountKey, earlierPinsKey } from './keys';
import type { Listed, SavedAccounts } from './savedAccounts';

export interface EarlierVersionDeps {
  store: TokenStore;
  globalState: vscode.Memento;
  log: OutputLog;
  settings: () => Settings;
  saved: SavedAccounts;
  environment: EnvironmentToken;
}

/** Takes an earlier version's token and pins over, when no list of accounts was written yet. */
export async function adoptEarlierToken({ store, globalState, log, settings, saved, environment }: EarlierVersionDeps): Promise<void> {
  if (saved.hasList) return;
  const baseUrl = settings().baseUrl;
  const token = await store.getEarlier(baseUrl);
  const listed: Listed[] = [];
  if (token) {
    const id = accountKey(baseUrl, token);
    await store.set(id, token);
    await store.deleteEarlier(baseUrl);
    listed.push({ id, baseUrl });
    // globalState writes the first request need not wait for: the memento holds a new value as
    // soon as it is asked to (what this window reads next sees it); only its write through to the
    // window's storage is a round trip. A write that fails is told in the log.
    PinStore.moveAccount(globalState, earlierPinsKey(baseUrl, token), id).then(undefined, (e: unknown) =>
      log.error('Moving the earlier token’s pins failed', e),
    );
    log.info(`The stored token for ${baseUrl} is now account ${id}.`);
  }
  const env = environment.given();
  if (env) {
    PinStore.moveAccount(globalState, earlierPinsKey(env.baseUrl, env.token), accountKey(env.baseUrl, env.token)).then(undefined, (e: unknown) =>
      log.error('Moving the environment token’s pins failed', e),
    );
  }
  // Not waited for either: written once, so that the earlier version's token is looked for once.
  saved.saveList(listed).then(undefined, (e: unknown) => log.error('Saving the list of accounts failed', e));
}
