import { createContext, useContext } from 'react';
import { DEFAULT_CURRENCY, type Currency } from '../../../contracts/shared/restaurants';

/** The currency of the restaurant whose menu is on screen; a screen sets it once for all its prices. */
const CurrencyContext = createContext<Currency>(DEFAULT_CURRENCY);
export const CurrencyProvider = CurrencyContext.Provider;
export const useCurrency = (): Currency => useContext(CurrencyContext);
