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

/** `andAudit(screen, check)`: a state's check, then axe on its screen (the first path to reach it). */
export function auditedStates(): <D extends { page: Page }>(screen: string, check: (driver: D) => Promise<void>) => (driver: D) => Promise<void> {
  const audit = auditEachStateOnce();
  return (screen, check) => async (driver) => {
    await check(driver);
    await audit(driver.page, screen);
  };
}
