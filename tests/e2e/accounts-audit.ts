import type { Page } from 'playwright-core';
import { expectAccessible } from './axe';

/**
 * axe for the states a file's model paths reach: the first time a path reaches a state its
 * screen is audited, later paths reaching it again are not (the same screen, ~2 s per width).
 */
export function auditEachStateOnce(): (page: Page, screen: string) => Promise<void> {
  const audited = new Set<string>();
  return async (page, screen) => {
    if (audited.has(screen)) return;
    audited.add(screen);
    await expectAccessible(page, screen);
  };
}
