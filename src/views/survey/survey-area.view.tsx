import { SurveyView } from './survey.view';

/** The entry of the public operator survey chunk (/surveys/restaurants), lazily loaded by app.tsx. */
export function SurveyArea() {
  return <SurveyView />;
}
