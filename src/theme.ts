import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { EMBER, SYSTEM_FONTS } from './theme-tokens';

export { accessibleColors } from './theme-contrast';

/** The name on the header, the tab title and the mails; one place to change it. */
export const PRODUCT_NAME = 'Tablefront';

/** The product's palette and fonts (src/theme-tokens.ts, shared with the store pages). */
const ember: MantineColorsTuple = [...EMBER];

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
