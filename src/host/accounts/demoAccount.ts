// The demo account: the built-in demo service's, signed in beside the others. Whether it was in
// use is remembered in globalState, so the next window starts the service again and finds it.
import type * as vscode from 'vscode';
import type { AccountId } from '../../shared/refs';
import type { DemoLauncher, DemoService } from '../demoLauncher';

export const DEMO_ACCOUNT: AccountId = 'demo';
const DEMO_FLAG = 'skyvia.demoMode';

export class DemoAccount {
  constructor(
    private readonly launcher: DemoLauncher,
    private readonly globalState: vscode.Memento,
  ) {}

  /** It was in use when the last window closed. */
  get wasInUse(): boolean {
    return this.globalState.get<boolean>(DEMO_FLAG) === true;
  }

  /** The service started (or reused) for a window that finds the demo was in use: nothing written. */
  resume(): Promise<DemoService> {
    return this.launcher.start();
  }

  /** The service started (or reused), and the demo remembered for the next window. */
  async start(): Promise<DemoService> {
    const demo = await this.launcher.start();
    await this.globalState.update(DEMO_FLAG, true);
    return demo;
  }

  /** Signed out of: forgotten for the next window, its service stopped. */
  async leave(): Promise<void> {
    await this.globalState.update(DEMO_FLAG, undefined);
    await this.launcher.stop();
  }

  /** The service, if it has started; never starts it. */
  current(): Promise<DemoService | undefined> {
    return this.launcher.current();
  }

  stop(): Promise<void> {
    return this.launcher.stop();
  }
}
