import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { exportMessages } from '#server/domain/leads/inbox';
import { accessTokenFor } from '../accounts/auth-helpers';
import { clockedAppEachTest } from '../test-app';

const PATH = '/api/messages/';
const EXPORT = '/api/messages/export/';
const { t, clock } = clockedAppEachTest('2026-11-25T09:00:00Z');
let admin: string;

beforeEach(async () => {
  admin = await accessTokenFor(t, 'staff@example.com', { staff: true, clock: () => clock.now });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token) });

type Seed = { email: string; zipCode?: string; status?: 'new' | 'read' | 'archived'; message?: string; userAgent?: string | null };

/** Stores sign-ups a minute apart, the first oldest; answers their ids in that order. */
async function seed(rows: Seed[]): Promise<number[]> {
  const start = new Date('2026-11-20T08:00:00Z').getTime();
  const stored = await t.database.db
    .insert(messages)
    .values(
      rows.map((row, index) => ({
        email: row.email,
        zipCode: row.zipCode ?? '10001',
        status: row.status ?? 'new',
        message: row.message ?? '',
        userAgent: row.userAgent === undefined ? 'Tests/1.0' : row.userAgent,
        createdAt: new Date(start + index * 60_000),
      })),
    )
    .returning({ id: messages.id });
  return stored.map((row) => row.id);
}

const emails = (body: { results: { email: string }[] }) => body.results.map((row) => row.email);
const numbered = (n: number) => Array.from({ length: n }, (_, index) => ({ email: `lead${index + 1}@example.com` }));

async function superadminToken(): Promise<string> {
  const token = await accessTokenFor(t, 'root@example.com', { clock: () => clock.now });
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
  return token;
}

describe('who may use the inbox', () => {
  const endpoints = [
    ['GET', PATH],
    ['POST', `${PATH}1/mark_read/`],
    ['POST', `${PATH}1/archive/`],
    ['GET', EXPORT],
  ] as const;

  it.each(endpoints)('%s %s: 401 without a token, even for a bad query; 403 for an owner', async (method, url) => {
    await seed([{ email: 'a@example.com' }]);
    for (const target of [url, `${url}?page=0`]) {
      const response = await t.app.inject({ method, url: target });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Please sign in.', code: 'not_authenticated' });
    }
    const owner = await accessTokenFor(t, 'owner@example.com', { clock: () => clock.now });
    const refused = await t.app.inject({ method, url, headers: bearer(owner) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await t.database.db.select().from(messages))[0]?.status).toBe('new');
  });

  it.each(endpoints)('%s %s: 200 for staff and for a superadmin', async (method, url) => {
    const [id] = await seed([{ email: 'a@example.com' }]);
    expect(id).toBe(1);
    for (const token of [admin, await superadminToken()]) {
      expect((await t.app.inject({ method, url, headers: bearer(token) })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/messages/', () => {
  it('pages newest first, 20 a page by default, with links to the pages around it', async () => {
    await seed(numbered(45));
    const first = (await get(PATH)).json();
    expect(first).toMatchObject({ count: 45, next: `${PATH}?page=2`, previous: null });
    expect(first.results).toHaveLength(20);
    expect(emails(first).slice(0, 2)).toEqual(['lead45@example.com', 'lead44@example.com']);
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      created_at: '2026-11-20T08:44:00.000Z',
      email: 'lead45@example.com',
      zip_code: '10001',
      message: '',
      status: 'new',
      user_agent: 'Tests/1.0',
    });

    const last = (await get(`${PATH}?page=3&page_size=20`)).json();
    expect(last).toMatchObject({ count: 45, next: null, previous: `${PATH}?page=2&page_size=20` });
    expect(emails(last)).toEqual(['lead5@example.com', 'lead4@example.com', 'lead3@example.com', 'lead2@example.com', 'lead1@example.com']);

    const beyond = (await get(`${PATH}?page=9&page_size=10`)).json();
    expect(beyond).toEqual({ count: 45, next: null, previous: `${PATH}?page=5&page_size=10`, results: [] });
  });

  it('breaks ties of the same minute by the newer id first', async () => {
    const [older, newer] = await seed([{ email: 'a@example.com' }, { email: 'b@example.com' }]);
    await t.database.db.update(messages).set({ createdAt: clock.now });
    expect((await get(PATH)).json().results.map((row: { id: number }) => row.id)).toEqual([newer, older]);
  });

  it('filters by status', async () => {
    await seed([
      { email: 'a@example.com', status: 'read' },
      { email: 'b@example.com' },
      { email: 'c@example.com', status: 'archived' },
      { email: 'd@example.com' },
    ]);
    expect(emails((await get(`${PATH}?status=new`)).json())).toEqual(['d@example.com', 'b@example.com']);
    expect((await get(`${PATH}?status=read`)).json()).toMatchObject({ count: 1, results: [{ email: 'a@example.com' }] });
    expect((await get(`${PATH}?status=archived`)).json()).toMatchObject({ count: 1, results: [{ email: 'c@example.com' }] });
  });

  it('filters by any part of the email, whatever its case, taking % and _ literally', async () => {
    await seed([{ email: 'anna_k@pizza.com' }, { email: 'annak@pizza.com' }, { email: 'bob@burgers.com' }, { email: '100%@deals.com' }]);
    expect(emails((await get(`${PATH}?email=PIZZA`)).json())).toEqual(['annak@pizza.com', 'anna_k@pizza.com']);
    expect(emails((await get(`${PATH}?email=a_k`)).json())).toEqual(['anna_k@pizza.com']);
    expect(emails((await get(`${PATH}?email=${encodeURIComponent('0%')}`)).json())).toEqual(['100%@deals.com']);
    expect((await get(`${PATH}?email=nobody`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('combines the filters, and keeps them in its links', async () => {
    await seed([...numbered(3).map((row) => ({ ...row, status: 'read' as const })), ...numbered(3)]);
    const body = (await get(`${PATH}?status=read&email=LEAD&page_size=2`)).json();
    expect(body).toMatchObject({ count: 3, next: `${PATH}?status=read&email=LEAD&page_size=2&page=2`, previous: null });
    expect(body.results.every((row: { status: string }) => row.status === 'read')).toBe(true);
  });

  it.each([
    ['page 0', '?page=0', { page: 'page must be a whole number from 1.' }],
    ['a page that is not a number', '?page=two', { page: 'Expected a whole number.' }],
    ['page_size 501', '?page_size=501', { page_size: 'page_size must be a whole number from 1 to 500.' }],
    ['page_size 0', '?page_size=0', { page_size: 'page_size must be a whole number from 1 to 500.' }],
    ['a page_size that is not a whole number', '?page_size=1e2', { page_size: 'Expected a whole number.' }],
    ['an unknown status', '?status=deleted', { status: expect.any(String) }],
    ['an unknown parameter', '?ordering=email', { ordering: 'Unknown field.' }],
  ])('refuses %s with 400 and the field at fault', async (_label, query, fields) => {
    const response = await get(`${PATH}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'invalid', fields });
  });
});

describe('POST /api/messages/{id}/mark_read/ and /archive/', () => {
  const statusOf = async (id: number) => (await t.database.db.select().from(messages)).find((row) => row.id === id)?.status;

  it('marks a sign-up read and answers it; again changes nothing', async () => {
    const [id, other] = (await seed([{ email: 'a@example.com' }, { email: 'b@example.com' }])) as [number, number];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(`${PATH}${id}/mark_read/`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, email: 'a@example.com', status: 'read' });
    }
    expect(await statusOf(id)).toBe('read');
    expect(await statusOf(other)).toBe('new');
  });

  it('archives a sign-up, idempotently; marking an archived one read brings it back as read', async () => {
    const [id] = (await seed([{ email: 'a@example.com', status: 'read' }])) as [number];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(`${PATH}${id}/archive/`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status: 'archived' });
    }
    expect((await get(`${PATH}?status=archived`)).json()).toMatchObject({ count: 1 });
    expect((await post(`${PATH}${id}/mark_read/`)).json()).toMatchObject({ id, status: 'read' });
  });

  it.each(['mark_read', 'archive'])('%s: 404 for an unknown id, 400 for something that is not an id', async (action) => {
    const [id] = (await seed([{ email: 'a@example.com' }])) as [number];
    const unknown = await post(`${PATH}${id + 1000}/${action}/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Message not found.', code: 'not_found' });
    for (const bad of ['abc', '0', '99999999999']) {
      const response = await post(`${PATH}${bad}/${action}/`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid', fields: { id: expect.stringMatching(/^Expected (an id|a whole number)\b.*\.$/) } });
    }
    expect(await statusOf(id)).toBe('new');
  });
});

describe('GET /api/messages/export/', () => {
  const HEADER = 'id,created_at,email,zip_code,status,message,user_agent\r\n';

  it('answers every sign-up, newest first, as a dated CSV attachment', async () => {
    const ids = await seed(numbered(45));
    const response = await get(EXPORT);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-25.csv"');
    const lines = response.body.split('\r\n');
    expect(`${lines[0]}\r\n`).toBe(HEADER);
    expect(lines).toHaveLength(1 + 45 + 1);
    expect(lines[1]).toBe(`${ids[44]},2026-11-20T08:44:00.000Z,lead45@example.com,10001,new,,Tests/1.0`);
    expect(lines[45]).toBe(`${ids[0]},2026-11-20T08:00:00.000Z,lead1@example.com,10001,new,,Tests/1.0`);
    expect(lines[46]).toBe('');
  });

  it('applies the status and email filters', async () => {
    await seed([{ email: 'a@pizza.com', status: 'read' }, { email: 'b@pizza.com' }, { email: 'c@burgers.com', status: 'read' }]);
    const body = (await get(`${EXPORT}?status=read&email=PIZZA`)).body;
    expect(
      body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[2]),
    ).toEqual(['a@pizza.com']);
    expect((await get(`${EXPORT}?email=nobody`)).body).toBe(HEADER);
  });

  it('quotes cells per RFC 4180 and neutralises what a spreadsheet would run as a formula', async () => {
    const [id] = await seed([{ email: '=cmd@example.com', message: 'Hello, "chef"\nsee you', userAgent: null }]);
    const [, row] = (await get(EXPORT)).body.split('\r\n');
    expect(row).toBe(`${id},2026-11-20T08:00:00.000Z,'=cmd@example.com,10001,new,"Hello, ""chef""\nsee you",`);
  });

  it('reads every row in keyset batches, none twice, even within one instant', async () => {
    await seed(numbered(7));
    await t.database.db.update(messages).set({ createdAt: new Date('2026-11-21T00:00:00.000Z') });
    const batches: number[][] = [];
    for await (const rows of exportMessages(t.database.db, {}, 3)) batches.push(rows.map((row) => row.id));
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('refuses an unknown status or parameter with 400', async () => {
    const unknownStatus = await get(`${EXPORT}?status=deleted`);
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json()).toMatchObject({ code: 'invalid', fields: { status: expect.any(String) } });
    expect((await get(`${EXPORT}?page=2`)).json()).toMatchObject({ code: 'invalid', fields: { page: 'Unknown field.' } });
  });
});
