// `npm start`: the extension in a real VS Code (code-server), already signed in — to the built-in
// demo service unless a base URL and token are given. Prints the URL to open as its last line and
// runs until Ctrl-C, then stops everything it started.
//
//   npm start -- [--port 8080] [--base-url URL --token TOKEN] [--shapes seed|live] [--time-scale 1]
//   (or SKYVIA_EXPLORER_BASE_URL / SKYVIA_EXPLORER_TOKEN in the environment)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { DemoService } from '../src/demo';
import { freePort, startCodeServer, type CodeServer } from '../test/harness/codeServer';

const root = path.resolve(__dirname, '..');

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        'base-url': { type: 'string' },
        token: { type: 'string' },
        shapes: { type: 'string', default: 'seed' },
        'time-scale': { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log('npm start -- [--port 8080] [--base-url URL --token TOKEN] [--shapes seed|live] [--time-scale 1]');
      process.exit(0);
    }
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw new Error(`--port must be 1..65535 (got ${values.port})`);
    if (values.shapes !== 'seed' && values.shapes !== 'live') throw new Error(`--shapes must be seed or live (got ${values.shapes})`);
    const timeScale = Number(values['time-scale']);
    if (!(timeScale > 0)) throw new Error(`--time-scale must be a positive number (got ${values['time-scale']})`);
    const token = values.token ?? process.env.SKYVIA_EXPLORER_TOKEN;
    const baseUrl = values['base-url'] ?? process.env.SKYVIA_EXPLORER_BASE_URL;
    if (baseUrl && !token) throw new Error('--base-url needs --token (or SKYVIA_EXPLORER_TOKEN)');
    return { port, token, baseUrl, shapes: values.shapes as 'seed' | 'live', timeScale };
  } catch (e) {
    console.error(`npm start: ${(e as Error).message}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const opts = options();
  const step = (what: string) => console.error(`▸ ${what}`);

  step('building the extension package');
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const vsix = path.join(root, 'dist', 'skyvia-explorer.vsix');

  let demo: DemoService | undefined;
  let session: { baseUrl: string; token: string };
  if (opts.token) {
    session = { baseUrl: opts.baseUrl ?? 'https://api.skyvia.com', token: opts.token };
    step(`using ${session.baseUrl}`);
  } else {
    step('starting the demo service');
    // Loaded here, not at the top: with a real account the demo code is never needed.
    const { startDemoService } = await import('../src/demo');
    demo = await startDemoService({ port: 0, shapes: opts.shapes, timeScale: opts.timeScale, schedules: true });
    session = { baseUrl: demo.url, token: demo.token };
    step(`demo service on ${demo.url}`);
  }

  // A small folder to open, with the marker that reveals the Skyvia view on startup.
  const folder = path.join(os.tmpdir(), 'skyvia-explorer-start');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, '.skyvia-explorer'), '{"revealOnStartup": true}\n');
  fs.writeFileSync(
    path.join(folder, 'README.md'),
    `# Skyvia Explorer\n\nOpen the **Skyvia** view in the activity bar.${demo ? ' You are signed in to the built-in demo service.' : ''}\n`,
  );

  const port = opts.port ?? (await freePort());
  step(`starting VS Code (code-server) on port ${port}`);
  let server: CodeServer | undefined;
  const stopAll = async () => {
    await server?.stop();
    await demo?.close();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(0)));
  try {
    server = await startCodeServer({
      port,
      vsixPaths: [vsix],
      folder,
      // The extension reads these when nothing is stored in SecretStorage, so the first screen
      // is the explorer, signed in. The token never appears on the command line or in settings.
      env: { SKYVIA_EXPLORER_BASE_URL: session.baseUrl, SKYVIA_EXPLORER_TOKEN: session.token },
      settings: { 'skyvia.baseUrl': session.baseUrl, 'workbench.colorTheme': 'Default Dark Modern' },
    });
  } catch (e) {
    console.error(`npm start: ${(e as Error).message}`);
    await stopAll();
    process.exit(1);
  }
  console.error('▸ ready — press Ctrl-C to stop');
  console.log(server.url);
}

void main();
