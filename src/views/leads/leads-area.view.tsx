import type { BackOfficeBase } from '../shared/navigation';
import { LocalDemandView } from './local-demand.view';
import { MessagesInboxView } from './messages-inbox.view';

export type LeadsScreen = 'messages' | 'messages/demand';

/**
 * The leads area's screens. PRODUCT.md: the inbox is administrators' only, so an owner's
 * /backoffice/messages shows the demand around their restaurant (counts, never an address);
 * administrators reach the same figures for any restaurant under /admin/messages/demand.
 */
export function LeadsArea({ base, screen }: { base: BackOfficeBase; screen: LeadsScreen }) {
  if (screen === 'messages' && base === 'admin') return <MessagesInboxView />;
  return <LocalDemandView />;
}
