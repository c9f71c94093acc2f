// A folder VS Code does not trust (Restricted Mode): VS Code asks, as it does a person opening a
// folder for the first time, and is told no. The extension reads nothing from the workspace that
// could run or redirect anything (its base URL is an application setting a workspace cannot set),
// so it declares itself supported there, and a person browses, runs and opens a panel as in a
// trusted folder. Signed in from the environment, as `npm start` does.
import * as assert from 'node:assert/strict';
import { startDemoService, type DemoService } from '../../src/demo';
import {
  contextMenu,
  dismissToasts,
  expand,
  openSession,
  panelFrame,
  QUICK,
  rowByLabel,
  sessionHooks,
  shownToast,
  showSkyviaView,
  SLOW,
  type E2ESession,
} from './support';

const ARCHIVE = 'Postgres → S3 Parquet Archive';

describe('Restricted Mode: the view in a folder VS Code does not trust', function () {
  let s: E2ESession;
  let demo: DemoService;

  before(async function () {
    this.timeout(120_000);
    demo = await startDemoService({ port: 0, manualClock: true });
    s = await openSession({
      name: 'restricted',
      workspaceTrust: true,
      env: { SKYVIA_EXPLORER_TOKEN: demo.token, SKYVIA_EXPLORER_BASE_URL: demo.url },
      settings: { 'skyvia.refreshIntervalSeconds': 1 },
    });
  });

  sessionHooks(() => ({ session: s, demo }));

  it('the folder left untrusted: browse, run an integration to its end, open its panel', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    // VS Code asks whether the folder's authors are trusted; the person says no.
    const ask = page.locator('.monaco-dialog-box').filter({ hasText: /trust the authors/i });
    await ask.waitFor({ timeout: SLOW });
    await ask.getByRole('button', { name: /^No, I don.t trust/ }).click();
    await ask.waitFor({ state: 'hidden', timeout: QUICK });
    await page.locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first().waitFor({ timeout: QUICK });

    const host = new URL(demo.url).host;
    await showSkyviaView(page, rowByLabel(page, host));
    await expand(rowByLabel(page, host), SLOW);
    await expand(rowByLabel(page, 'Data Platform'), SLOW);
    await expand(rowByLabel(page, 'Integrations'), SLOW);
    const archive = rowByLabel(page, ARCHIVE);
    await contextMenu(page, archive, 'Run Integration');
    await shownToast(page, `Started a run of “${ARCHIVE}”`).waitFor({ timeout: QUICK });
    await archive.locator('.codicon-modifier-spin').waitFor({ timeout: QUICK });
    demo.advance(7_000);
    await shownToast(page, `The run of “${ARCHIVE}” succeeded`).waitFor({ timeout: SLOW });
    await dismissToasts(page);

    await contextMenu(page, rowByLabel(page, ARCHIVE), 'Open Panel');
    await panelFrame(page).locator('h1', { hasText: ARCHIVE }).waitFor({ timeout: SLOW });
    assert.ok(await page.locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first().isVisible(), 'still in Restricted Mode');
    await s.screenshot('restricted-mode-panel');
  });
});
