import { array, coerce, enums, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { IdText, PAGING, Page, SearchText } from './shared/lists';
import { Email, boundedText } from './shared/text';

/** Letters, digits, spaces and hyphens, 3 to 10 of them: covers US, Canadian and UK postcodes. */
const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

/**
 * Canadian and UK postcodes are written with or without the space between their two halves
 * ("M5H 3T4", "M5H3T4"); one written form, with the space as their post offices print it, is
 * what is stored and compared. In both JavaScript and PostgreSQL regular expressions (local
 * demand normalises stored rows with the very same patterns).
 */
export const SPACED_POSTCODES = ['^([A-Z][0-9][A-Z]) ?([0-9][A-Z][0-9])$', '^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$'] as const;

/** A zip as it is stored and compared: trimmed, upper case, single spaces, a postcode's halves spaced. */
export function canonicalZip(zip: string): string {
  const text = zip.trim().toUpperCase().replace(/\s+/g, ' ');
  return SPACED_POSTCODES.reduce((written, pattern) => written.replace(new RegExp(pattern), '$1 $2'), text);
}

export const SignupZip = coerce(
  refine(string(), 'zip', (value) => ZIP_PATTERN.test(value) || 'Please enter a zip code of 3 to 10 letters or digits.'),
  string(),
  canonicalZip,
);

export const MESSAGE_MAX_LENGTH = 2000;

/** POST /api/messages/: the landing page's notify-me sign-up. */
export const MessageCreate = object({
  zip_code: SignupZip,
  email: Email,
  message: optional(boundedText(MESSAGE_MAX_LENGTH, 'Message')),
});
export type MessageCreate = Infer<typeof MessageCreate>;

export const MessageStatus = enums(['new', 'read', 'archived']);
export type MessageStatus = Infer<typeof MessageStatus>;

export const Message = object({
  id: number(),
  created_at: string(),
  email: string(),
  zip_code: string(),
  message: string(),
  status: MessageStatus,
  user_agent: nullable(string()),
});
export type Message = Infer<typeof Message>;

/** Second document, section 9: the inbox offers these page sizes, 25 first. The server takes up to 500. */
export const MESSAGE_PAGE_SIZES = [10, 25, 50] as const;
export const MESSAGE_PAGE_SIZE_DEFAULT = 25;

/**
 * GET /api/messages/?page=&page_size=&status=&email= (administrators only): newest first;
 * `email` matches any part of the address, whatever its case.
 */
export const MessageListQuery = object({
  ...PAGING,
  status: optional(MessageStatus),
  email: optional(SearchText),
});
export type MessageListQuery = Infer<typeof MessageListQuery>;

export const MessagePage = Page(Message);
export type MessagePage = Infer<typeof MessagePage>;

/** GET /api/messages/export/?status=&email=: every matching sign-up as CSV, the same filters as the list. */
export const MessageExportQuery = object({ status: optional(MessageStatus), email: optional(SearchText) });
export type MessageExportQuery = Infer<typeof MessageExportQuery>;

/** What an owner may know of the notify-me sign-ups around them: counts per zip code, never who. */
export const ZipDemand = object({ zip_code: string(), last_30_days: number(), last_90_days: number() });
export type ZipDemand = Infer<typeof ZipDemand>;

/**
 * Where the zip codes come from: the delivery step's zip list; the restaurant's own zip when it
 * delivers by distance (or has no delivery step yet); none when it has no location either.
 */
export const DemandSource = enums(['delivery_zips', 'location_zip', 'none']);
export type DemandSource = Infer<typeof DemandSource>;

/** GET /api/v2/demand/?restaurant_id= : owners get their active restaurant; administrators any. */
export const DemandQuery = object({ restaurant_id: optional(IdText) });
export type DemandQuery = Infer<typeof DemandQuery>;

export const LocalDemand = object({
  restaurant_id: number(),
  restaurant_name: string(),
  source: DemandSource,
  zips: array(ZipDemand),
  total_last_30_days: number(),
  total_last_90_days: number(),
});
export type LocalDemand = Infer<typeof LocalDemand>;
