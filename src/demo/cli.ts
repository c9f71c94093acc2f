// `npm run demo-service -- --port <p> [--scale <n>] [--shapes seed|live] [--time-scale <x>] [--token <t>] [--schedules]`
//
// Runs the demo service in the foreground. Prints exactly one JSON line
// `{"url":"http://127.0.0.1:<port>","token":"<token>"}` on stdout once listening (the real port
// when --port 0), so a parent process can read the line and connect. Bad arguments: a message on
// stderr and exit code 2. SIGINT/SIGTERM close the server and exit 0.

import { startDemoService, validateOptions, type DemoOptions } from './index';

const USAGE = `Usage: demo-service [--port <p>] [--scale <n>] [--shapes seed|live] [--time-scale <x>] [--token <t>] [--manual-clock] [--schedules]
  --port         TCP port on 127.0.0.1; 0 (the default) picks a free one
  --scale        multiplies items, history lengths and log lines (default 1, max 1000)
  --shapes       'seed' (the contract's spelling, default) or 'live' (the live service's)
  --time-scale   simulated time speed (default 1; 10 = ten times faster)
  --token        the access token clients must send (default: random demo-<hex>)
  --manual-clock time moves only via POST /__demo/advance
  --schedules    scheduled integrations and backups run by themselves as time passes`;

class UsageError extends Error {}

export function parseArgs(argv: string[]): DemoOptions {
  const opts: DemoOptions = {};
  const number = (flag: string, raw: string): number => {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number, got '${raw}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (arg.startsWith('--') && eq > 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port':
        opts.port = number(flag, value());
        break;
      case '--scale':
        opts.scale = number(flag, value());
        break;
      case '--time-scale':
        opts.timeScale = number(flag, value());
        break;
      case '--shapes': {
        const s = value();
        if (s !== 'seed' && s !== 'live') throw new UsageError(`--shapes must be 'seed' or 'live', got '${s}'`);
        opts.shapes = s;
        break;
      }
      case '--token':
        opts.token = value();
        break;
      case '--manual-clock':
        opts.manualClock = true;
        break;
      case '--schedules':
        opts.schedules = true;
        break;
      default:
        throw new UsageError(`unknown argument '${arg}'`);
    }
  }
  try {
    validateOptions(opts);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  return opts;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let opts: DemoOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`demo-service: ${err.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const service = await startDemoService(opts);
  process.stdout.write(`${JSON.stringify({ url: service.url, token: service.token })}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    // e.g. EADDRINUSE: the port is taken — a usage problem the caller can fix.
    const code = (err as { code?: string }).code;
    process.stderr.write(`demo-service: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(code === 'EADDRINUSE' || code === 'EACCES' ? 2 : 1);
  });
}
