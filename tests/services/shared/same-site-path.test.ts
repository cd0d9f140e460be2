import { describe, expect, it } from 'vitest';
import { sameSitePath } from '#contracts/shared/site-pages';

/** The `next` of sign-in (login page and Google) against the usual open-redirect spellings (issue 28). */
describe('sameSitePath', () => {
  it.each([
    ['/backoffice', '/backoffice'],
    ['/onboard/3/location?x=1#top', '/onboard/3/location?x=1#top'],
    ['/backoffice/../admin', '/admin'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps a path of this site: %s → %s', (next, path) => {
    expect(sameSitePath(next)).toBe(path);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/.//evil.example/x',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    '\\\\evil.example',
    ' /backoffice',
    '/a\nb',
    '/a\tb',
    '',
    'relative',
    `/${'a'.repeat(3000)}`,
  ])('drops %j', (next) => {
    expect(sameSitePath(next)).toBeNull();
  });

  it('drops what is not a string', () => {
    for (const next of [['/x'], undefined, null, 3, { path: '/x' }]) expect(sameSitePath(next)).toBeNull();
  });
});
