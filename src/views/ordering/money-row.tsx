/** One figure of an order's sums: "Subtotal … $20.00", the total in bold. */
export function MoneyRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <p className="subtotal">
      <span>{label}</span>
      {strong ? <strong>{amount}</strong> : <span>{amount}</span>}
    </p>
  );
}
