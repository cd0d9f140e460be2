import { describe, expect, it } from 'vitest';
import { dateOrNull, mergeZipText, withScheme } from '#contracts/territories';

describe('mergeZipText (section 5: zip codes typed as free text)', () => {
  it('splits on anything that is not a digit and keeps numbers of 4 to 10 digits', () => {
    expect(mergeZipText([], '62701, 62702;62703\n123 12345678901 1234 1234567890')).toEqual(['62701', '62702', '62703', '1234', '1234567890']);
  });

  it('merges with the existing zips, existing first and without repeats', () => {
    expect(mergeZipText(['10001', '62701'], '62702 10001 62702 62701')).toEqual(['10001', '62701', '62702']);
  });

  it('reads digits glued to letters as their own numbers', () => {
    expect(mergeZipText([], 'zip62701-3344x')).toEqual(['62701', '3344']);
  });

  it('changes nothing for text without zips', () => {
    expect(mergeZipText(['10001'], ' abc, 12 ')).toEqual(['10001']);
  });
});

describe('dateOrNull (section 5: dates only as YYYY-MM-DD)', () => {
  it('keeps real days written as YYYY-MM-DD, trimmed', () => {
    expect(dateOrNull('2026-11-22')).toBe('2026-11-22');
    expect(dateOrNull(' 2024-02-29 ')).toBe('2024-02-29');
  });

  it('sends anything else as null', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '22/11/2026', '2026-1-2', '2026-11-22T00:00', '', '   ', null, undefined]) {
      expect(dateOrNull(text), String(text)).toBeNull();
    }
  });
});

describe('withScheme (section 5: social links get https:// when they have no scheme)', () => {
  it('puts https:// in front of a link without a scheme', () => {
    expect(withScheme('instagram.com/place')).toBe('https://instagram.com/place');
    expect(withScheme('  facebook.com ')).toBe('https://facebook.com');
  });

  it('leaves a link with a scheme, and an empty one, as they are', () => {
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(withScheme('HTTPS://example.com')).toBe('HTTPS://example.com');
    expect(withScheme('')).toBe('');
  });
});
