// Starts the built-in demo service inside the extension host, on first use only.
//
// The service is bundled separately (esbuild: src/demo/index.ts → dist/demo.js) and loaded with
// a computed path, so esbuild leaves the require alone and none of the demo's code is in
// dist/extension.js or runs at activation.
import * as path from 'node:path';
import type { startDemoService } from '../demo/index';

export type DemoService = Awaited<ReturnType<typeof startDemoService>>;
type DemoModule = { startDemoService: typeof startDemoService };

export class DemoLauncher {
  private running?: Promise<DemoService>;

  /** The running service, started on a free loopback port if it is not running yet. */
  start(): Promise<DemoService> {
    if (!this.running) {
      // A demo account as it would be: what is scheduled runs while you work.
      const starting = this.load().startDemoService({ port: 0, schedules: true });
      // A failed start must not stick: the next attempt tries again.
      starting.catch(() => {
        if (this.running === starting) this.running = undefined;
      });
      this.running = starting;
    }
    return this.running;
  }

  /** The service if it has finished starting (for the test API); never starts it. */
  async current(): Promise<DemoService | undefined> {
    return this.running?.catch(() => undefined);
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    const service = await running?.catch(() => undefined);
    await service?.close();
  }

  private load(): DemoModule {
    // Non-literal on purpose (see the header): resolved next to dist/extension.js at run time.
    const file = path.join(__dirname, 'demo.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(file) as DemoModule;
  }
}
