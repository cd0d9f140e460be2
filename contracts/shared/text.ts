import { coerce, refine, string, unknown, type Struct } from 'superstruct';
import { documented } from './documented';

/** A string that is trimmed before it is checked. */
export const trimmed = (struct: Struct<string, null>): Struct<string, null> => coerce(struct, string(), (value) => value.trim());

// Deliberately simple: one @, no spaces, a dotted domain with a 2+ letter top level.
// Real deliverability is proven by mail later; this rejects what is obviously not an address.
const EMAIL_PATTERN =
  /^[^\s@]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

export const Email = documented(
  coerce(
    refine(string(), 'email', (value) => (value.length <= 254 && EMAIL_PATTERN.test(value)) || 'Please enter a valid email.'),
    string(),
    (value) => value.trim().toLowerCase(),
  ),
  { format: 'email', maxLength: 254, description: 'Trimmed and lower-cased before it is checked.' },
);

/** Text with a length limit and a sentence naming it. */
export const boundedText = (max: number, label: string) =>
  documented(trimmed(refine(string(), 'length', (value) => value.length <= max || `${label} must be at most ${max} characters.`)), { maxLength: max });

/** The longest name any record takes (restaurants, categories, toppings...). */
export const NAME_MAX = 200;
/** Spec (second document, section 5): the generic sentence for a missing name. */
export const NAME_MESSAGE = 'Please enter a name.';

/**
 * A name that must be present and not blank after trimming. A missing name is treated as a
 * blank one, so the person sees the specified sentence rather than "This field is required.".
 */
export const requiredName = (message: string): Struct<string, null> =>
  documented(
    coerce(
      refine(
        string(),
        'name',
        (value) => (value.length >= 1 && value.length <= NAME_MAX) || (value.length === 0 ? message : `Names must be at most ${NAME_MAX} characters.`),
      ),
      unknown(),
      (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value),
    ),
    { minLength: 1, maxLength: NAME_MAX },
  ) as unknown as Struct<string, null>;
