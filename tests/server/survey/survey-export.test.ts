import { describe, expect, it } from 'vitest';
import { surveyResponses } from '#server/db/schema';
import { accessTokenFor } from '../accounts/auth-helpers';
import { clockedAppEachTest } from '../test-app';

const PATH = '/api/surveys/operator/export/';
const { t, clock } = clockedAppEachTest('2026-11-22T23:30:00Z');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const exportAs = (token?: string) => t.app.inject({ method: 'GET', url: PATH, headers: token ? bearer(token) : {} });
const adminToken = () => accessTokenFor(t, 'staff@example.com', { staff: true, clock: () => clock.now });

/** Stores answers directly, one minute apart, the last one newest. */
async function stored(...answers: object[]) {
  await t.database.db.insert(surveyResponses).values(
    answers.map((answer, index) => ({
      answers: answer,
      userAgent: 'Tests/1.0',
      createdAt: new Date(Date.UTC(2026, 10, 20, 9, index)),
    })),
  );
}

const HEADER =
  'id,created_at,business_name,role,role_other,restaurant_types,pos_system,pos_other,pos_satisfaction,pos_painpoints,' +
  'ordering_devices,ordering_wishlist,delivery_apps,delivery_other,white_label,white_label_other,delivery_frustrations,' +
  'delivery_interests,staff_tools_text,staff_tools_used,ops_efficiency_text,systems_used,systems_feedback,analytics_tracked,' +
  'reports_needed,wish_fix_one,wish_feature,early_access,contact_email,user_agent';

describe('GET /api/surveys/operator/export/', () => {
  it('refuses a caller without a token (401) and an owner (403)', async () => {
    expect((await exportAs()).statusCode).toBe(401);
    const owner = await accessTokenFor(t, 'owner@example.com', { clock: () => clock.now });
    const refused = await exportAs(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  it('sends every answer as a dated CSV attachment (the app\'s clock, UTC), newest first, lists joined with "; "', async () => {
    await stored(
      { business_name: 'Old Diner' },
      { business_name: 'Pizza, Loco', role: 'Owner', restaurant_types: ['Fast Casual', 'Ghost Kitchen'], early_access: true, contact_email: 'a@b.com' },
    );
    const response = await exportAs(await adminToken());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="survey-answers-2026-11-22.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toMatch(/^\d+,2026-11-20T09:01:00\.000Z,"Pizza, Loco",Owner,,Fast Casual; Ghost Kitchen(,){22}true,a@b\.com,Tests\/1\.0$/);
    expect(lines[2]).toMatch(/^\d+,2026-11-20T09:00:00\.000Z,Old Diner(,){27}Tests\/1\.0$/);
    expect(lines.slice(3)).toEqual(['']);
  });

  it('neutralises a typed formula so a spreadsheet shows it instead of running it', async () => {
    await stored({ business_name: '=HYPERLINK("http://x")' });
    const line = (await exportAs(await adminToken())).body.split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('sends only the header when nothing was answered yet', async () => {
    expect((await exportAs(await adminToken())).body).toBe(`${HEADER}\r\n`);
  });

  it('sends every answer when there are more than one batch of them, each once', async () => {
    await stored(...Array.from({ length: 1203 }, (_, index) => ({ business_name: `Restaurant ${index}` })));
    const lines = (await exportAs(await adminToken())).body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(1203);
    const names = new Set(lines.map((line) => line.split(',')[2]));
    expect(names.size).toBe(1203);
  });
});
