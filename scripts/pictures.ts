// `npm run pictures`: refreshes the README's pictures (media/readme/*.png, and the animation
// run.gif) and the walkthrough's (media/walkthrough/*.jpg). They are taken by the end-to-end
// suite's demo-account spec (and the explorer spec's step of the Failures view by cause), which takes and checks them on every run too, writing them only
// under test-results/e2e/pictures/ unless SKYVIA_PICTURES=1 — set here — tells it to write them
// into media/ as well.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const run = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'test', 'e2e', 'run.ts'),
    '--grep',
    'try the demo account, follow the walkthrough|17g\\. the Failures view grouped by cause',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SKYVIA_PICTURES: '1' },
  },
);
process.exit(run.status ?? 1);
