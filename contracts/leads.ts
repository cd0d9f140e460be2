import { enums, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { Email, boundedText, trimmed } from './shared/text';

/** Letters, digits, spaces and hyphens, 3 to 10 of them: covers US, Canadian and UK postcodes. */
const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

export const SignupZip = trimmed(refine(string(), 'zip', (value) =>
  ZIP_PATTERN.test(value) || 'Please enter a zip code of 3 to 10 letters or digits.'));

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
