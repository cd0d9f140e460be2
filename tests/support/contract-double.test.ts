/**
 * The doubles enforce the server's contracts: a body the real server refuses is refused by the
 * doubles too, in the server's words, and a body it accepts goes through to the fake's answer.
 * (tests/services/shared/contract-double.test.ts compares the same refusal with the real server's.)
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { CategoryDetailUpdate, type CategoryDetail } from '#contracts/menu';
import { categoryDetailSyncMachine } from '#src/machines/menu/category-detail-sync.machine';
import type { UpdateDetailCall } from '#src/machines/menu/category-editor.calls';
import { DETAIL } from '../machines/menu/category-editor.fixtures';
import { ApiError } from '#src/services/shared/api';
import { checkAgainstServer, findServerRoute } from './contract-routes';
import { checkedActor, provideChecked, realActor } from './contract-double';
import { createFakeActor } from './fake-actor';

const DETAIL_VALUES = { priced_by: 'size', primary_option_sets: [], allow_toppings: true, allow_dressings: false, image_url: null } as const;
const realUpdateDetail = realActor(categoryDetailSyncMachine, 'updateDetail');

describe('the route table read from the real server', () => {
  it('holds the very struct object the route validates with, not a copy', async () => {
    const found = await findServerRoute('PATCH', '/api/v2/categories/detail/11/');
    expect(found?.route.body).toBe(CategoryDetailUpdate);
    expect(found?.params).toEqual({ id: '11' });
  });

  it('prefers a static route to a parameter, as Fastify does', async () => {
    expect((await findServerRoute('POST', '/api/v2/categories/deep/'))?.route.url).toBe('/api/v2/categories/deep/');
  });

  it('refuses a request to a route the server does not have', async () => {
    await expect(checkAgainstServer({ method: 'PATCH', url: 'http://localhost/api/v2/no-such-thing/', body: {} })).rejects.toThrow(
      'No route of the real server answers PATCH /api/v2/no-such-thing/',
    );
  });

  it('checks the query and the path parameters too', async () => {
    expect(await checkAgainstServer({ method: 'GET', url: 'http://localhost/api/v2/categories/?page_size=100&colour=red', body: undefined })).toEqual({
      status: 400,
      body: { detail: 'Some fields are not valid.', code: 'invalid', fields: { colour: 'Unknown field.' } },
    });
    expect((await checkAgainstServer({ method: 'GET', url: 'http://localhost/api/v2/categories/abc/', body: undefined }))?.status).toBe(400);
  });
});

describe('a fake actor standing in for a real call', () => {
  it('fails a body with an unknown field with the 400 the real server answers', async () => {
    const fake = createFakeActor<unknown, unknown>('updateDetail');
    const actor = createActor(checkedActor(realUpdateDetail, fake.actor, 'updateDetail'), {
      input: { detailId: 11, values: { ...DETAIL_VALUES, category_id: 1 } },
    });
    const outcome = toPromise(actor.start());
    // The fake was asked at once, and even its success cannot hide the refusal.
    fake.resolve({});
    const error = await outcome.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', fields: { category_id: 'Unknown field.' } });
  });

  it('answers what the test scripted when the server would accept the body', async () => {
    const fake = createFakeActor<unknown, unknown>('updateDetail');
    const actor = createActor(checkedActor(realUpdateDetail, fake.actor, 'updateDetail'), { input: { detailId: 11, values: DETAIL_VALUES } });
    const outcome = toPromise(actor.start());
    fake.resolve({ id: 11 });
    expect(await outcome).toEqual({ id: 11 });
  });

  it('is what provideChecked gives a machine for each actor it replaces', async () => {
    const calls: unknown[] = [];
    const machine = provideChecked(categoryDetailSyncMachine, {
      actors: {
        updateDetail: fromPromise<CategoryDetail, UpdateDetailCall>(async ({ input }) => {
          calls.push(input);
          return DETAIL;
        }),
      },
    });
    const logic = realActor(machine, 'updateDetail')!;
    const refused = toPromise(createActor(logic, { input: { detailId: 11, values: { ...DETAIL_VALUES, category_id: 1 } } }).start());
    await expect(refused).rejects.toMatchObject({ status: 400, fields: { category_id: 'Unknown field.' } });
    expect(calls).toHaveLength(1);
  });

  it('refuses to stand in for an actor the machine does not have', () => {
    expect(() => provideChecked(categoryDetailSyncMachine, { actors: { updateEverything: fromPromise(async () => null) } } as never)).toThrow(
      "The machine has no actor 'updateEverything' to stand in for",
    );
  });
});
