import { ComingSoon } from '../../components/coming-soon';

// Placeholder while the survey answers screen is built (issue 13); replaced by it.
export function SurveyAnswersView() {
  return <ComingSoon area="Survey answers" />;
}
