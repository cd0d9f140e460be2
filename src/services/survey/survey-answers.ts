import { paths } from '../../../contracts/shared/paths';
import { SurveyResponsePage, type SurveyPage } from '../../../contracts/survey';
import { legacy, type LegacyClient, type LegacyFile } from '../shared/legacy';

/** Administrators' reading of the stored surveys, through the older client with the session's token. */

export type SurveyAnswersRequest = { page: number; pageSize: number };

/** One page of answers, newest first. */
export function loadSurveyAnswers({ page, pageSize }: SurveyAnswersRequest, client: LegacyClient = legacy): Promise<SurveyPage> {
  return client.get(paths.surveys, { searchParams: { page, page_size: pageSize }, struct: SurveyResponsePage, auth: true }) as Promise<SurveyPage>;
}

/** Every answer as the server's CSV file. */
export function exportSurveyAnswers(client: LegacyClient = legacy): Promise<LegacyFile> {
  return client.getFile(paths.surveysExport, { auth: true });
}
