import { count, desc, lt } from 'drizzle-orm';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import {
  SURVEY_PAGE_SIZE_DEFAULT,
  SurveyResponseCreate,
  type SurveyCreated,
  type SurveyField,
  type SurveyListQuery,
  type SurveyPage,
  type SurveyResponse,
} from '../../../contracts/survey';
import type { Db } from '../../db/database';
import { surveyResponses } from '../../db/schema';
import { csvRow } from '../shared/csv';
import { runIdempotent, type IdempotentAnswer } from '../shared/idempotency';

const USER_AGENT_MAX = 512;
const PATH = `${LEGACY_BASE}${paths.surveys}`;

/**
 * A survey as the public endpoint receives it: stored once per Idempotency-Key, so a client
 * retrying a POST whose answer it never got does not store the survey twice.
 */
export function submitSurveyResponse(
  db: Db,
  answers: SurveyResponseCreate,
  request: { idempotencyKey: string | undefined; userAgent: string | undefined; clock: () => Date },
): Promise<IdempotentAnswer> {
  return runIdempotent(db, { scope: `POST ${PATH}`, key: request.idempotencyKey, payload: answers }, async (tx) => ({
    statusCode: 201,
    body: await createSurveyResponse(tx, answers, request.userAgent, request.clock()),
  }));
}

/**
 * Stores one survey as it was sent (already checked and trimmed by its contract). The answers
 * are kept whole; the contact email and early-access flag also get columns, because those are
 * what administrators follow up on.
 */
export async function createSurveyResponse(tx: Db, answers: SurveyResponseCreate, userAgent: string | undefined, now: Date): Promise<SurveyCreated> {
  const [row] = await tx
    .insert(surveyResponses)
    .values({
      answers,
      contactEmail: answers.contact_email ?? null,
      earlyAccess: answers.early_access ?? false,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: now,
    })
    .returning({ id: surveyResponses.id, createdAt: surveyResponses.createdAt });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

/** One page of stored surveys, newest first (ties broken by id so pages never overlap). */
export async function listSurveyResponses(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ count: number; results: SurveyResponse[] }> {
  const [total] = await db.select({ value: count() }).from(surveyResponses);
  const rows = await db
    .select()
    .from(surveyResponses)
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count: total?.value ?? 0,
    results: rows.map((row) => ({
      ...(row.answers as SurveyResponseCreate),
      id: row.id,
      created_at: row.createdAt.toISOString(),
      user_agent: row.userAgent,
    })),
  };
}

/** `?page=&page_size=` of the same listing, or null when there is no such page. */
function pageLink(query: URLSearchParams, page: number | null): string | null {
  if (page === null) return null;
  const next = new URLSearchParams(query);
  next.set('page', String(page));
  return `${PATH}?${next.toString()}`;
}

/**
 * A page of surveys as administrators browse them, with links to the pages around it; past the
 * last page, `previous` leads back to the last one.
 */
export async function surveyPage(db: Db, query: SurveyListQuery): Promise<SurveyPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? SURVEY_PAGE_SIZE_DEFAULT;
  const { count, results } = await listSurveyResponses(db, { page, pageSize });
  const links = new URLSearchParams({ page_size: String(pageSize) });
  return {
    count,
    next: pageLink(links, page * pageSize < count ? page + 1 : null),
    previous: pageLink(links, page > 1 ? Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))) : null),
    results,
  };
}

/** Rows read per query while exporting: the export never holds every answer at once. */
const EXPORT_BATCH = 500;

/** The export's columns: the row's id and time, every survey field in the contract's order, the browser. */
const EXPORT_FIELDS = Object.keys(SurveyResponseCreate.schema) as SurveyField[];
const EXPORT_HEADER = ['id', 'created_at', ...EXPORT_FIELDS, 'user_agent'];

/**
 * Every stored survey as CSV lines (the header first), newest first. Read in batches by keyset
 * (`id` below the last one sent): ids grow with each insert, so no answer is skipped or sent twice
 * however many there are.
 */
export async function* surveyCsvLines(db: Db): AsyncGenerator<string> {
  yield csvRow(EXPORT_HEADER);
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(surveyResponses)
      .where(before === undefined ? undefined : lt(surveyResponses.id, before))
      .orderBy(desc(surveyResponses.id))
      .limit(EXPORT_BATCH);
    for (const row of rows) {
      const answers = row.answers as SurveyResponseCreate;
      yield csvRow([row.id, row.createdAt, ...EXPORT_FIELDS.map((field) => answers[field]), row.userAgent]);
    }
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1]?.id;
  }
}
