import type { Page } from 'playwright-core';

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
