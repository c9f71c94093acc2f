// The getting-started walkthrough's first step, "Sign in, or try the demo account", checked off
// in every way a person signs in: already signed in when the window starts (the token from the
// environment, as `npm start` does), with the step's own demo button, from the view's welcome
// content with a token, and from VS Code's Accounts menu. Each way starts from the step unchecked
// (its checkbox clicked, as a person would) in a window just reloaded — VS Code counts a step's
// event once per window — with the walkthrough opened from the Command Palette.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startDemoService, type DemoService } from '../../src/demo';
import {
  dismissToasts,
  eventually,
  openSession,
  chooseInAccountsMenu,
  showSkyviaView,
  paletteCommand,
  quickInput,
  quickPick,
  QUICK,
  reloadWindow,
  rowByLabel,
  sessionHooks,
  sideBar,
  SLOW,
  type E2ESession,
} from './support';

const WALKTHROUGH = 'Get Started with Skyvia Explorer';

describe('the walkthrough’s sign-in step, checked off however a person signs in', function () {
  let s: E2ESession;
  let demo: DemoService;
  let host: string;

  before(async function () {
    this.timeout(120_000);
    demo = await startDemoService({ port: 0 });
    host = new URL(demo.url).host;
    s = await openSession({
      name: 'walkthrough',
      // Signed in by the environment when the window starts; the sign-in dialogue's base URL is this service too.
      env: { SKYVIA_EXPLORER_TOKEN: demo.token, SKYVIA_EXPLORER_BASE_URL: demo.url },
      settings: { 'skyvia.baseUrl': demo.url },
    });
  });

  sessionHooks(() => ({ session: s, demo }));

  it('1. signed in already (the token from the environment): opening the walkthrough finds the step done', async function () {
    this.timeout(SLOW * 3);
    const { page } = s;
    await showSkyviaView(page, rowByLabel(page, host));
    await openWalkthrough(page);
    await waitChecked(page);
    await s.screenshot('walkthrough-1-signed-in-already');
  });

  it('2. with the step’s own button, the demo account', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await signedOutAndUnchecked(s);
    const step = stepRow(page);
    if ((await step.getAttribute('aria-expanded')) !== 'true') await step.click();
    await step.getByText('Try the Demo Account', { exact: true }).click();
    await sideBar(page)
      .getByRole('treeitem', { name: /^127\.0\.0\.1:\d+ demo/ })
      .first()
      .waitFor({ timeout: SLOW });
    await waitChecked(page);
    await s.screenshot('walkthrough-2-demo-button');
  });

  it('3. from the view’s welcome content, with a token', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await signedOutAndUnchecked(s);
    await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).click({ timeout: SLOW });
    await typeToken(page, demo.token);
    await rowByLabel(page, host).waitFor({ timeout: SLOW });
    await waitChecked(page);
    await s.screenshot('walkthrough-3-welcome-view');
  });

  it('4. from VS Code’s Accounts menu', async function () {
    this.timeout(SLOW * 4);
    const { page } = s;
    await signedOutAndUnchecked(s);
    const signIn = page.locator('.context-view .monaco-menu').getByRole('menuitem', { name: /Sign in with Skyvia/ });
    await chooseInAccountsMenu(
      page,
      signIn,
      () => s.screenshot('walkthrough-4a-accounts-menu'),
      quickInput(page).filter({ hasText: 'Sign in to Skyvia (1/2)' }),
    );
    await typeToken(page, demo.token);
    await rowByLabel(page, host).waitFor({ timeout: SLOW });
    await waitChecked(page);
    await s.screenshot('walkthrough-4b-accounts-menu-signed-in');
  });
});

/** The walkthrough's editor. */
function walkthrough(page: Page): Locator {
  return page.locator('.part.editor .gettingStartedContainer');
}

/** The sign-in step's row. */
function stepRow(page: Page): Locator {
  return walkthrough(page).locator('button.getting-started-step[data-step-id$="#signIn"]');
}

/** The sign-in step's checkbox, as a screen reader reads it. */
function checkbox(page: Page): Locator {
  return walkthrough(page).locator('[role=checkbox][data-done-step-id$="#signIn"]');
}

async function waitChecked(page: Page): Promise<void> {
  await eventually(
    async () => assert.equal(await checkbox(page).getAttribute('aria-checked', { timeout: 2_000 }), 'true'),
    QUICK,
    'the walkthrough to check off signing in',
  );
}

async function openWalkthrough(page: Page): Promise<void> {
  if (await walkthrough(page).isVisible()) return;
  await paletteCommand(page, 'Welcome: Open Walkthrough');
  await quickPick(page, /walkthrough/i, WALKTHROUGH);
  await walkthrough(page).locator('h2', { hasText: WALKTHROUGH }).waitFor({ timeout: SLOW });
}

/**
 * Signed out (Skyvia: Sign Out), the step unchecked by its checkbox, the walkthrough closed, the
 * window reloaded (VS Code forgets what it counted), and the walkthrough opened again.
 */
async function signedOutAndUnchecked(s: E2ESession): Promise<void> {
  const { page } = s;
  await paletteCommand(page, 'Skyvia: Sign Out');
  await sideBar(page).getByRole('button', { name: 'Sign in with an API token' }).waitFor({ timeout: SLOW });
  await dismissToasts(page);
  await openWalkthrough(page);
  if ((await checkbox(page).getAttribute('aria-checked')) === 'true') await checkbox(page).click();
  await eventually(async () => assert.equal(await checkbox(page).getAttribute('aria-checked', { timeout: 2_000 }), 'false'), QUICK, 'the step to be unchecked');
  // Closed before the reload, opened after: as a person comes back to it.
  await page
    .locator('.part.editor .tabs-container [role=tab]')
    .filter({ hasText: /^Walkthrough: / })
    .first()
    .click();
  await page.keyboard.press('Control+W');
  await walkthrough(page).waitFor({ state: 'detached', timeout: QUICK });
  await reloadWindow(page);
  await showSkyviaView(page, sideBar(page).getByRole('button', { name: 'Sign in with an API token' }));
  await openWalkthrough(page);
  assert.equal(await checkbox(page).getAttribute('aria-checked'), 'false', 'the step is not done');
}

/** The sign-in dialogue: the base URL (the setting's, confirmed), then the token. */
async function typeToken(page: Page, token: string): Promise<void> {
  const input = quickInput(page);
  await input.filter({ hasText: 'Sign in to Skyvia (1/2)' }).waitFor({ timeout: SLOW });
  const box = input.locator('input.input');
  await box.press('Enter');
  await input.filter({ hasText: /\(2\/2\)/ }).waitFor({ timeout: QUICK });
  // Typed until the box holds it all: keys pressed while the dialogue was still taking focus are lost.
  await eventually(
    async () => {
      if ((await box.inputValue()) !== token) await box.fill(token);
      assert.equal(await box.inputValue(), token);
    },
    QUICK,
    'the token to be typed',
  );
  await box.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: SLOW });
}
