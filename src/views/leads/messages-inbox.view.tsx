import { ComingSoon } from '../../components/coming-soon';

// Placeholder while the inbox is built (issue 13); replaced by the inbox screen.
export function MessagesInboxView() {
  return <ComingSoon area="Messages" />;
}
