import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * WCAG 1.4.10 (reflow) as a person at 320 px sees it: the visible controls cut off, either
 * reaching past an edge of the window (nothing scrolls sideways) or a button whose label is
 * wider than the room it has inside the button. Empty when nothing is cut off.
 */
export function cutOffControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: HTMLElement) => element.textContent?.trim() || element.getAttribute('aria-label') || '';
    const outside = [...document.querySelectorAll<HTMLElement>('button, a, input, select, textarea, label, [role="progressbar"]')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5))
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${name(element)}" ${Math.round(box.left)}–${Math.round(box.right)}`);
    const clipped = [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => `button "${name(label)}" label clipped (${label.scrollWidth} px in ${label.clientWidth} px)`);
    return [...outside, ...clipped];
  });
}

/**
 * WCAG 1.4.10 at the page's width, for what `scope` holds (the page's main, or an open dialog):
 * nothing but a scrolling region of its own (a wide table) reaches past the screen, no control is
 * squeezed narrower than its words ("Dele" for Delete), and the page does not scroll sideways.
 */
export async function expectReflow(page: Page, screen: string, scope = 'main') {
  const width = page.viewportSize()!.width;
  const overflowing = await page.evaluate((scope) => {
    const inScroller = (element: Element) => element.closest('[role="region"][tabindex="0"]') !== null;
    return [...document.querySelectorAll(`${scope} *`)]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !inScroller(element))
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? ` "${element.getAttribute('aria-label')}"` : ''}: ${element.textContent?.trim().slice(0, 40) ?? ''}`,
      );
  }, scope);
  const clipped = await page.evaluate(
    (scope) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} :is(button, a), ${scope} :is(button, a) *`)]
        .filter((part) => part.getClientRects().length > 0 && part.scrollWidth > part.clientWidth + 1)
        .map((part) => part.closest('button, a')?.getAttribute('aria-label') ?? part.textContent?.trim() ?? ''),
    scope,
  );
  expect(clipped, `controls clipped at ${width} px on "${screen}"`).toEqual([]);
  expect(overflowing, `cut off at ${width} px on "${screen}"`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}
