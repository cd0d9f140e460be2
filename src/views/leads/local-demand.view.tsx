import { ComingSoon } from '../../components/coming-soon';

// Placeholder while local demand is built (issue 13); replaced by the demand screen.
export function LocalDemandView() {
  return <ComingSoon area="Messages" />;
}
