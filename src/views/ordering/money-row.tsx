import { receiptRows, type ReceiptFigures } from '../../../contracts/ordering/order-receipt';

/** One figure of an order's sums: "Subtotal … $20.00", the total in bold. */
export function MoneyRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <p className="subtotal">
      <span>{label}</span>
      {strong ? <strong>{amount}</strong> : <span>{amount}</span>}
    </p>
  );
}

/** An order's receipt (contracts/ordering/order-receipt.ts) as rows of the store's pages: the tracking page and the checkout's review. */
export function Receipt({ figures }: { figures: ReceiptFigures }) {
  return receiptRows(figures).map((row) => <MoneyRow key={row.label} label={row.label} amount={row.amount} strong={row.strong} />);
}
