import { NumberInput, type NumberInputProps } from '@mantine/core';
import { PRICE_STEP } from '../../machines/category-editor.rows';

/**
 * A money field: two decimals, never negative, steps of 0.01. Focus selects the amount, so what
 * the owner types replaces "0.00" instead of landing after it, where the fixed two decimals
 * would swallow it.
 */
export function PriceInput(props: Omit<NumberInputProps, 'min' | 'step' | 'decimalScale' | 'fixedDecimalScale' | 'onFocus'>) {
  return (
    <NumberInput min={0} step={PRICE_STEP} decimalScale={2} fixedDecimalScale onFocus={(event) => event.currentTarget.select()} {...props} />
  );
}
