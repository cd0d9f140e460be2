import { count, desc } from 'drizzle-orm';
import type { SurveyCreated, SurveyResponse, SurveyResponseCreate } from '../../../contracts/survey';
import type { Db } from '../../db/database';
import { surveyResponses } from '../../db/schema';

const USER_AGENT_MAX = 512;

/**
 * Stores one survey as it was sent (already checked and trimmed by its contract). The answers
 * are kept whole; the contact email and early-access flag also get columns, because those are
 * what administrators follow up on.
 */
export async function createSurveyResponse(
  tx: Db,
  answers: SurveyResponseCreate,
  userAgent: string | undefined,
  now: Date,
): Promise<SurveyCreated> {
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
