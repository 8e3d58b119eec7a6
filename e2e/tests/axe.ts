import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every screen is audited against: WCAG 2.2 A and AA (issue 19). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical axe-core findings on the page as it is now, once it has settled: the
 * shown dialogs opaque (a fading modal is half transparent, so contrast would be misread; under
 * load a fade can outlast a fixed pause) and every other transition or animation that ends (a
 * button's colour, a row's background) ended, since axe reads the colours it is passing through.
 */
export async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.modal.show')).every((el) => getComputedStyle(el).opacity === '1'),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.filter(
    (v): v is typeof v & { impact: 'serious' | 'critical' } => v.impact === 'serious' || v.impact === 'critical',
  );
}

/** Where a finding is on the page: its first `most` elements' selectors, ', '-separated. */
export const targets = (v: { nodes: { target: unknown[] }[] }, most = Infinity) =>
  v.nodes
    .slice(0, most)
    .map((n) => n.target.join(' '))
    .join(', ');
