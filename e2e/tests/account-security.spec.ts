import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, createStaffUser, signIn } from './fixtures.js';

/**
 * Issue 12, in the browser: a clerk turns on two-factor sign-in from the Account page, signs in
 * with the password and then a code, sees the sessions of two browsers and ends the other one,
 * and an administrator reads it all in the Security log and ends the clerk's sessions.
 * Screenshots at 1366x768 go to SHOTS_DIR (default test-results/screenshots).
 */
test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** The authenticator app: the 6-digit code of `secret` at time `at`. */
const codeOf = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/** Console errors other than the browser's own line for the login's expected 401 answers. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const expected401 =
      /status of 401/.test(message.text()) && new URL(message.location().url).pathname === '/api/login';
    if (!expected401) problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function submitPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('two-factor sign-in, sessions and the security log', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const clerk = await createStaffUser(baseURL!, `tf${uniqueSuffix().toLowerCase()}`);
  const problems = watchConsole(page);

  // ---- Enrol from the Account page ----
  await signIn(page, clerk.username, clerk.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `Account (${clerk.username})` })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
  await twoFactor.getByRole('button', { name: 'Set up' }).click();

  const qr = twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  // The SVG QR code really drew (CSP allows data: images), at its full size.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = await twoFactor.getByLabel('Key to type by hand').inputValue();
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shown.replace(/\s+/g, '');
  await page.screenshot({ path: `${SHOTS}/g-account-2fa-setup.png` });

  await twoFactor.getByLabel('Code from the app').fill(codeOf(secret, Date.now()));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  const list = twoFactor.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.screenshot({ path: `${SHOTS}/g-account-recovery-codes.png` });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    twoFactor.getByRole('button', { name: 'Download as text' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`recovery-codes-${clerk.username}.txt`);
  const saved = readFileSync(await download.path(), 'utf8');
  for (const code of recoveryCodes) expect(saved).toContain(code);
  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText(/10 recovery codes left/)).toBeVisible();
  await expect(list).toBeHidden();

  // ---- Sign out, then in: password, then the code ----
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitPassword(page, clerk.username, clerk.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByText('The 6 digits from your authenticator app, or one of your recovery codes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/g-login-code-step.png` });

  // The code the enrolment used is spent: a replay is refused, under the field.
  await codeField.fill(codeOf(secret, Date.now() - 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right, or was already used');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  // The next step's code (the server accepts one step either side) signs in.
  await codeField.fill(codeOf(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sales$/);

  // ---- A second browser, signed in with a recovery code ----
  const tablet = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const tabletPage = await tablet.newPage();
  try {
    await submitPassword(tabletPage, clerk.username, clerk.password);
    await tabletPage.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await tabletPage.getByRole('button', { name: 'Verify' }).click();
    await expect(tabletPage).toHaveURL(/\/sales$/);

    // ---- The first browser sees both sessions and ends the other ----
    await page.goto('/account');
    await expect(
      page.getByRole('region', { name: 'Two-factor sign-in' }).getByText(/9 recovery codes left/),
    ).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await expect(sessions.locator('tbody tr')).toHaveCount(2);
    await expect(sessions.getByText('This session')).toHaveCount(1);
    await expect(sessions.getByText(/^Headless Chrome \d+ on Linux$/)).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/g-account-sessions.png`, fullPage: true });
    const other = sessions.locator('tbody tr').filter({ hasNot: page.getByText('This session') });
    await other.getByRole('button', { name: /^End session of / }).click();
    await expect(page.getByTestId('toast').getByText('Session ended')).toBeVisible();
    await expect(sessions.locator('tbody tr')).toHaveCount(1);

    // The tablet is signed out: its next request finds no session.
    await tabletPage.reload();
    await expect(tabletPage).toHaveURL(/\/login$/);
    await expect(tabletPage.getByLabel('Username')).toBeVisible();

    // ---- An administrator reads the log, then ends the clerk's last session ----
    await signIn(tabletPage, ADMIN.username, ADMIN.password);
    await tabletPage.goto('/admin?tab=security');
    const log = tabletPage.getByRole('table', { name: 'Security log' });
    await log.getByLabel('Filter Username').fill(clerk.username);
    for (const label of [
      'Signed in',
      'Signed out',
      'Two-factor sign-in on',
      'Wrong authentication code',
      'Recovery code used',
      'Session ended',
    ])
      await expect(log.getByText(label, { exact: true }).first()).toBeVisible();
    // Newest first: the ended session is the top line.
    await expect(log.locator('tbody tr').first()).toContainText('Session ended');
    await expect(log.locator('tbody tr').first()).toContainText('another session');
    await tabletPage.getByRole('region', { name: 'Security log' }).screenshot({ path: `${SHOTS}/g-security-log.png` });

    await tabletPage.getByRole('tab', { name: 'Users List / Remove' }).click();
    await tabletPage.getByRole('button', { name: `End sessions of ${clerk.username}` }).click();
    const dialog = tabletPage.getByRole('dialog', { name: 'End sessions' });
    await dialog.getByRole('button', { name: 'End sessions' }).click();
    await expect(tabletPage.getByTestId('toast').getByText('1 session ended')).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await tablet.close();
  }

  expect(problems).toEqual([]);
});
