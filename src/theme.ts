import { createTheme, type MantineColorsTuple } from '@mantine/core';

export { accessibleColors } from './theme-contrast';

/** The name on the header, the tab title and the mails; one place to change it. */
export const PRODUCT_NAME = 'Tablefront';

/**
 * A warm terracotta (index.html's theme-color is shade 7 too): it reads "food" without the alarm of pure red. Buttons use shade 7
 * (#c2410c) so white text on them keeps a 5:1 contrast (WCAG AA for normal text).
 */
const ember: MantineColorsTuple = ['#fff4ed', '#ffe6d5', '#feccaa', '#fdac74', '#fb8a3c', '#f97316', '#ea580c', '#c2410c', '#9a3412', '#7c2d12'];

// The system font stack: no web font to download (fast first paint, nothing for the CSP to allow).
const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  colors: { ember },
  primaryColor: 'ember',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: SYSTEM_FONTS,
  headings: {
    fontFamily: SYSTEM_FONTS,
    fontWeight: '800',
  },
  cursorType: 'pointer',
  components: {
    // A dialog's title bar is a <header> inside role="dialog", which makes it a second banner
    // landmark beside the page's own header; it is only the dialog's title and close button.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});
