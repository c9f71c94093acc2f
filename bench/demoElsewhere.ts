// The demo service in a process of its own, for the bench's figures far from the service.
import { spawn } from 'node:child_process';
import * as path from 'node:path';

export interface DemoElsewhere {
  url: string;
  token: string;
  /** Its faults (`POST /__demo/faults`): latency, a burst of refusals… */
  faults(command: object): Promise<void>;
  close(): Promise<void>;
}

/**
 * The demo service in a process of its own, as the real one is far away: at scale 10 it makes
 * up long histories as they are asked for, and in this process that work would hold up the
 * pass-through and the browser's driver, and show as the extension's time.
 */
export async function demoElsewhere(args: string[]): Promise<DemoElsewhere> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'demo', 'cli.ts'), '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the demo service exited (${code}) before it listened`)));
  });
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  return {
    url,
    token,
    faults: async (command) => {
      const answer = await fetch(`${url}/__demo/faults`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify(command),
      });
      if (!answer.ok) throw new Error(`the demo service refused ${JSON.stringify(command)}: ${answer.status} ${await answer.text()}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
