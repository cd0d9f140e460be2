import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** Every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA that axe knows. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Desktop and phone, as the issue audited them. */
export const AUDIT_WIDTHS = [1280, 375] as const;

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = AxeResults['violations'][number];

function describe(screen: string, width: number, violations: Violation[]): string {
  const lines = violations.flatMap((violation) => [
    `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.slice(0, 5).map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`),
    ...(violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : []),
  ]);
  return `axe found ${violations.length} WCAG A/AA violation(s) on "${screen}" at ${width} px:\n${lines.join('\n')}`;
}

/**
 * axe's violations on the document as it is now. axe is put into the document once (a new
 * document needs it again) and run in place: @axe-core/playwright's AxeBuilder injected its
 * 550 KB source on every call and finished each run in a new blank page, ~0.6 s against ~0.07 s
 * here for the same rules and the same answer. The app has no frames, so nothing is missed.
 */
async function violationsOn(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // Only violations are read: axe then skips describing every passing element.
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  return results.violations;
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
    // contrast mid-fade. Wait for running transitions to end (never longer than a second); a
    // spinner's animation never ends, so only animations that do are waited for. Two frames
    // first: a dialog just opened starts its fade on the next frame, and a transition not yet
    // started is not among the document's animations (the coupon dialog was once measured so).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]),
    );
    const violations = await violationsOn(page);
    if (violations.length > 0) failures.push(describe(screen, width, violations));
  }
  if (original && page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}
