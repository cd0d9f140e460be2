import { NumberInput, type NumberInputProps } from '@mantine/core';
import { PRICE_STEP } from '../../machines/menu/category-editor.rows';
import { currencySymbol } from '../shared/money-format';
import { useCurrency } from './money';

/**
 * A money field: two decimals, never negative, steps of 0.01, the restaurant's currency symbol
 * in front. Focus selects the amount, so what the owner types replaces "0.00" instead of landing
 * after it, where the fixed two decimals would swallow it. The selection is made in the capture
 * phase of focus, on the input itself: NumberInput's own `onFocus` runs a timer later, and keys
 * typed right after the click (a quick owner, a loaded machine) landed after "1.50" and were lost.
 */
export function PriceInput(props: Omit<NumberInputProps, 'min' | 'step' | 'decimalScale' | 'fixedDecimalScale' | 'onFocusCapture' | 'leftSection'>) {
  const currency = useCurrency();
  return (
    <NumberInput
      min={0}
      step={PRICE_STEP}
      decimalScale={2}
      fixedDecimalScale
      leftSection={<span data-currency={currency}>{currencySymbol(currency)}</span>}
      onFocusCapture={(event) => event.currentTarget.select()}
      {...props}
    />
  );
}
