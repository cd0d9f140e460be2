import { NumberInput, type NumberInputProps } from '@mantine/core';
import { PRICE_STEP } from '../../machines/menu/category-editor.rows';
import { currencySymbol, useCurrency } from './money';

/**
 * A money field: two decimals, never negative, steps of 0.01, the restaurant's currency symbol
 * in front. Focus selects the amount, so what the owner types replaces "0.00" instead of landing
 * after it, where the fixed two decimals would swallow it.
 */
export function PriceInput(props: Omit<NumberInputProps, 'min' | 'step' | 'decimalScale' | 'fixedDecimalScale' | 'onFocus' | 'leftSection'>) {
  const currency = useCurrency();
  return (
    <NumberInput
      min={0}
      step={PRICE_STEP}
      decimalScale={2}
      fixedDecimalScale
      leftSection={<span data-currency={currency}>{currencySymbol(currency)}</span>}
      onFocus={(event) => event.currentTarget.select()}
      {...props}
    />
  );
}
