/**
 * A number field as typed: empty is `empty`, anything else a number (NaN when it is none, which
 * every contract refuses with its sentence).
 */
export const numberOf = <E>(typed: string, empty: E): number | E => (typed.trim() === '' ? empty : Number(typed.trim()));
