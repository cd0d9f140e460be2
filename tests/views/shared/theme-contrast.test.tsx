import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColors, theme } from '#src/theme';
import { contrastRatio, readableOn, TEXT_CONTRAST } from '#src/theme-contrast';

// The colours the app's light scheme actually uses, as the browser would resolve them.
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = accessibleColors(merged).light as Record<string, string>;
const WHITE = '#ffffff';

describe('theme contrast (WCAG 2.2 AA, light scheme)', () => {
  it('computes the WCAG ratio: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#868e96')).toBe(1);
    // Mantine's own dimmed grey, the one the audit found at 3.32:1.
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
  });

  it('keeps a palette shade when one is dark enough and darkens the last one otherwise', () => {
    expect(readableOn([WHITE], ['#adb5bd', '#495057'])).toBe('#495057');
    const darkened = readableOn([WHITE], ['#fab005']);
    expect(darkened).not.toBe('#fab005');
    expect(contrastRatio(darkened, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('gives dimmed, placeholder, error and link text at least 4.5:1 on white and the page greys', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error', '--mantine-color-anchor']) {
      for (const background of [WHITE, '#f8f9fa']) {
        expect(contrastRatio(light[variable]!, background), `${variable} on ${background}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    }
  });

  it('gives every palette a filled colour that carries white text and a light-variant text colour', () => {
    for (const [name, shades] of Object.entries(merged.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const filled = light[`--mantine-color-${name}-filled`]!;
      expect(contrastRatio(filled, WHITE), `${name} filled`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(light[`--mantine-color-${name}-filled-hover`]!, WHITE), `${name} hover`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      const lightText = light[`--mantine-color-${name}-light-color`]!;
      expect(contrastRatio(lightText, shades[1]), `${name} light text`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(lightText, shades[2]), `${name} light text, hovered`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps the brand: the primary button stays ember 7, already 5.2:1', () => {
    expect(light['--mantine-color-ember-filled']).toBe('#c2410c');
  });
});
