import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures.js';

/**
 * The CSP (script-src 'self', no 'unsafe-eval') must never be violated: zod is told not to probe
 * code generation (configureZodWithoutEval), which the browser would otherwise report.
 */
test('signed-in pages and form checks cause no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });

  await signIn(page, ADMIN.username, ADMIN.password);
  for (const route of ['/sales', '/loaders', '/admin']) {
    await page.goto(route);
    await expect(page.getByRole('main')).toBeVisible();
  }
  // A form check runs zod's object schemas in the browser (the code the probe guarded).
  await page.goto('/admin?tab=add-users');
  await page.getByLabel('New Username').fill('csp-check');
  await page.getByLabel('New User Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('New User Password must be at least 12 characters')).toBeVisible();
  await expect(
    page.getByText('At least 12 characters; not a common password; not your username or the business name.'),
  ).toBeVisible();
  expect(violations).toEqual([]);
});
