import { is, nullable, object, size, string, type Infer } from 'superstruct';

/**
 * The customer's contact details, kept in this browser only when they tick "Remember my details on
 * this device" on the checkout's contact step (issue 42, item 5), per store (`details:{slug}` in
 * localStorage) as the cart is: name, phone and email, and the address of a delivery. What is read
 * back is checked for shape (another script or a hand edit may have left anything there); anything
 * unreadable counts as nothing kept. Storage that refuses (full, private mode) keeps nothing.
 */
const text = (most: number) => size(string(), 0, most);
const StoredDetails = object({
  customer: object({ name: text(200), phone: text(60), email: text(320) }),
  address: nullable(object({ street: text(200), city: text(200), zip_code: text(20), notes: text(400) })),
});

/** What is kept: the contact step's fields, and the delivery address (null for a pickup). */
export type RememberedDetails = Infer<typeof StoredDetails>;

/** The checkout's handle on the kept details of one store. */
export type DetailsMemory = {
  read: () => RememberedDetails | null;
  save: (details: RememberedDetails) => void;
  forget: () => void;
};

const storageKey = (slug: string) => `details:${slug}`;

export function detailsMemory(slug: string): DetailsMemory {
  return {
    read: () => {
      try {
        const value: unknown = JSON.parse(localStorage.getItem(storageKey(slug)) ?? 'null');
        return is(value, StoredDetails) ? value : null;
      } catch {
        return null;
      }
    },
    save: (details) => {
      try {
        localStorage.setItem(storageKey(slug), JSON.stringify(details));
      } catch {
        // Storage refused: nothing is kept, the order is placed all the same.
      }
    },
    forget: () => {
      try {
        localStorage.removeItem(storageKey(slug));
      } catch {
        // Storage unavailable: then nothing was kept either.
      }
    },
  };
}
