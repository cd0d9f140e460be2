import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/**
 * WCAG 2.2 AA contrast for Mantine's light scheme, decided once for every palette instead of
 * per screen. Mantine's own choices fall short: `dimmed` text is gray-6 (3.3:1 on white), the
 * error colour red-6 (3.3:1), and a filled red button is red-7 behind white text (3.8:1).
 */

/** Normal-size text needs 4.5:1 against what it sits on (WCAG 1.4.3). */
export const TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

function darker(hex: string, step: number): string {
  const scaled = channels(hex).map((channel) => Math.round(channel * (1 - step)));
  return `#${scaled.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The first of `candidates` (light to dark) that reaches `ratio` against every background,
 * or the darkest one darkened in 5 % steps until it does. Keeps a palette's own shade where one
 * is dark enough, so colours still look like the palette.
 */
export function readableOn(backgrounds: readonly string[], candidates: readonly string[], ratio = TEXT_CONTRAST): string {
  const reaches = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= ratio);
  const own = candidates.find(reaches);
  if (own) return own;
  let color = candidates[candidates.length - 1]!;
  for (let step = 1; step <= 20 && !reaches(color); step += 1) color = darker(candidates[candidates.length - 1]!, step * 0.05);
  return color;
}

/** The light greys panels and tables sit on (gray-0, gray-1). */
const PAGE_GREYS = ['#f8f9fa', '#f1f3f5'];

/** Filled buttons, badges and `c="red"` text: white text on it, and it as text on white or a panel grey. */
function filledShade(shades: MantineColorsTuple): string {
  return readableOn([WHITE, ...PAGE_GREYS], [shades[7], shades[8], shades[9]]);
}

/** Light variants (alerts, light buttons): the text on shade 1, and on shade 2 when hovered. */
function lightTextShade(shades: MantineColorsTuple): string {
  return readableOn([shades[1], shades[2]], [shades[8], shades[9]]);
}

/** Grey text that still reads as secondary: on white, the page greys and the ember tints. */
export const DIMMED_TEXT = readableOn([WHITE, ...PAGE_GREYS, '#fff4ed', '#ffe6d5'], ['#868e96', '#6b7280', '#5c636a']);

export const accessibleColors: CSSVariablesResolver = (theme) => {
  const primary = theme.colors[theme.primaryColor]!;
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-anchor': readableOn([WHITE, ...PAGE_GREYS, primary[0]], [primary[7], primary[8]]),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const filled = filledShade(shades);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darker(filled, 0.12);
    light[`--mantine-color-${name}-light-color`] = lightTextShade(shades);
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  light['--mantine-color-success'] = light['--mantine-color-teal-text']!;
  return { variables: {}, light, dark: {} };
};
