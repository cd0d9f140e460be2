import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA that axe knows. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Desktop and phone, as the issue audited them. */
export const AUDIT_WIDTHS = [1280, 375] as const;

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(screen: string, width: number, violations: Violation[]): string {
  const lines = violations.flatMap((violation) => [
    `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.slice(0, 5).map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`),
    ...(violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : []),
  ]);
  return `axe found ${violations.length} WCAG A/AA violation(s) on "${screen}" at ${width} px:\n${lines.join('\n')}`;
}

/**
 * Runs axe's WCAG 2.2 A/AA rules on the page as it is now, at each width (default: 1280 and
 * 375 px), and fails with the rule, the elements and the screen's name when anything is found.
 * The viewport is put back afterwards. A state that only exists at one width (an open phone
 * menu) passes that width alone.
 */
export async function expectAccessible(page: Page, screen: string, widths: readonly number[] = AUDIT_WIDTHS): Promise<void> {
  const original = page.viewportSize();
  const failures: string[] = [];
  for (const width of widths) {
    if (original && width !== page.viewportSize()?.width) {
      await page.setViewportSize({ width, height: original.height });
      // Let media queries and Mantine's layout settle at the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    // A dialog fading in blends its colours with the page's for a few frames: axe would measure
    // contrast mid-fade. Wait for running transitions to end (never longer than a second).
    await page.evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]),
    );
    // Only violations are read: axe then skips describing every passing element, most of its time.
    const { violations } = await new AxeBuilder({ page })
      .withTags(WCAG_TAGS)
      .options({ resultTypes: ['violations'] })
      .analyze();
    if (violations.length > 0) failures.push(describe(screen, width, violations));
  }
  if (original && page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}
