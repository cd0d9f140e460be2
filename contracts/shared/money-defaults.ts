/**
 * A restaurant's money settings before its owner saves them (issue 43), said once for the two
 * areas that read them: ordering prices orders with them, the storefront tells customers of them,
 * and neither may import the other.
 */

/** Tips are kept in tenths of a percent (12.5 % is 125). */
export const TIP_SCALE = 10;

/** Tips off; once switched on, 10, 15 and 20 % offered and an amount of the customer's own. */
export const DEFAULT_TIPS: { enabled: boolean; choices: number[]; allow_custom: boolean } = { enabled: false, choices: [10, 15, 20], allow_custom: true };

/** Menu prices hold the tax by default where VAT is quoted inside them: the United Kingdom. */
export const pricesIncludeTaxByDefault = (country: string | null | undefined): boolean => country === 'United Kingdom';
