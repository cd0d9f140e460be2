import { Message, MessageCreate } from '../../../contracts/leads';
import { paths } from '../../../contracts/shared/paths';
import { parseWith } from '../../../contracts/shared/validation';
import { legacy, type LegacyClient } from '../shared/legacy';

/**
 * The landing page's notify-me sign-up. The input goes through its contract first so the
 * wire carries the trimmed, lower-cased values the server will check against.
 */
export async function createSignup(
  input: MessageCreate,
  options: { client?: LegacyClient; idempotencyKey?: string } = {},
): Promise<Message> {
  const client = options.client ?? legacy;
  return client.post(paths.messages, parseWith(MessageCreate, input), { struct: Message, idempotencyKey: options.idempotencyKey });
}
