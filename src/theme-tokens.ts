/**
 * The product's design tokens, in plain values with no Mantine: the back office's theme
 * (src/theme.ts) builds on them, and the public store pages (src/views/storefront/store-styles.ts),
 * which carry no Mantine, write their style sheet from them, so both look like one product.
 */

/**
 * A warm terracotta (index.html's theme-color is shade 7 too): it reads "food" without the alarm of pure red. Buttons use shade 7
 * (#c2410c) so white text on them keeps a 5:1 contrast (WCAG AA for normal text).
 */
export const EMBER = ['#fff4ed', '#ffe6d5', '#feccaa', '#fdac74', '#fb8a3c', '#f97316', '#ea580c', '#c2410c', '#9a3412', '#7c2d12'] as const;

// The system font stack: no web font to download (fast first paint, nothing for the CSP to allow).
export const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The store pages' colours, each meeting WCAG AA on what it sits on: ink on cream (16:1), accent
 * on white (7.4:1), muted on white (7.4:1), cream on the header's brown (15:1), the open pill
 * (8:1) and the closed one (7.7:1). The focus ring is the back office's button colour, EMBER[7].
 */
export const STORE_COLOURS = {
  ink: '#1f1a17',
  cream: '#fffaf4',
  paper: '#ffffff',
  header: '#2b1b12',
  headerText: '#fdf6ee',
  headerMuted: '#f3e6d8',
  accent: '#9f2a12',
  accentDark: '#7f200d',
  muted: '#5c524b',
  line: '#eadfd3',
  lineSoft: '#f1e8de',
  border: '#d9c9b8',
  control: '#8a7b6f',
  error: '#b42318',
  openText: '#0b5323',
  openBack: '#dff3e4',
  closedText: '#8a1c12',
  closedBack: '#fde6e3',
  focus: EMBER[7],
  focusOnDark: EMBER[3],
  highlight: '#fde68a',
  cancelled: '#9b1c1c',
  accentSoft: '#fdf1ea',
} as const;

/** Spacing steps in rem, as the store's style sheet uses them (the back office's xs–xl). */
export const SPACE = { xs: '.25rem', sm: '.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem' } as const;

/** Corner radii in rem: fields, cards, pills. */
export const RADIUS = { field: '.5rem', card: '1rem', pill: '999px' } as const;
