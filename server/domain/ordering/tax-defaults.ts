import { pricesIncludeTaxByDefault } from '../../../contracts/shared/money-defaults';
/**
 * A restaurant's taxes before its owner saves them (issue 43), from the country and state or
 * province of its location: the UK's standard VAT, included in menu prices; Canada's GST, HST and
 * provincial sales tax combined, added at checkout; nothing in the US (the rate differs by city,
 * so the owner must set it) or anywhere unknown. Rates in thousandths of a percent.
 */
export type TaxDefaults = { pricesIncludeTax: boolean; defaultRate: number; needsSetup: boolean };

/** GST/HST plus the provincial sales tax (QST in Quebec), by province or territory, from 1 April 2025. */
const CANADIAN_RATES: Record<string, number> = {
  AB: 5000,
  BC: 12000,
  MB: 12000,
  NB: 15000,
  NL: 15000,
  NS: 14000,
  NT: 5000,
  NU: 5000,
  ON: 13000,
  PE: 15000,
  QC: 14975,
  SK: 11000,
  YT: 5000,
};

/** GST alone where the province is not recognised: owed everywhere in Canada. */
const CANADIAN_GST = 5000;

export function taxDefaults(place: { country: string; state: string } | null): TaxDefaults {
  if (pricesIncludeTaxByDefault(place?.country)) return { pricesIncludeTax: true, defaultRate: 20000, needsSetup: false };
  if (place?.country === 'Canada') {
    // The location step keeps a two-letter code, upper-cased (ON, QC).
    const rate = CANADIAN_RATES[place.state];
    return rate === undefined
      ? { pricesIncludeTax: false, defaultRate: CANADIAN_GST, needsSetup: true }
      : { pricesIncludeTax: false, defaultRate: rate, needsSetup: false };
  }
  return { pricesIncludeTax: false, defaultRate: 0, needsSetup: true };
}
