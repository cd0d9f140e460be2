import { createActor, toPromise, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Category, CategoryDetail } from '#contracts/menu';
import { ApiError } from '#src/services/shared/api';
import type { CreateDetailCall, DetailCall, DetailValues, UpdateCategoryCall, UpdateDetailCall } from '#src/machines/menu/category-editor.calls';
import { categoryDetailSyncMachine, type DetailOutcome } from '#src/machines/menu/category-detail-sync.machine';
import { provideChecked, requestsOf } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { scriptedAnswers } from './category-editor.doubles';
import { DETAIL, OWNER } from './category-editor.fixtures';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const fail = (id: string, status: number) => ({ type: `xstate.error.actor.${id}`, error: new ApiError(`HTTP ${status}`, { status }), actorId: id });
const failure = (status: number) => new ApiError(status === 404 ? 'Not found.' : `HTTP ${status}`, { status });

const PIZZA: Category = { id: 1, name: 'Pizza', description: 'Stone baked', restaurant_id: 3 };
const VALUES: DetailValues = { priced_by: 'weight', primary_option_sets: [5], allow_toppings: false, allow_dressings: true, image_url: null };
const CALLS = {
  updateCategory: { actor: 'updateCategory', input: { id: 1, name: 'Pizza', description: 'Stone baked' } },
  updateDetail: { actor: 'updateDetail', input: { detailId: 11, values: VALUES } },
} satisfies Record<DetailCall['actor'], DetailCall>;

describe('category detail sync machine: path coverage', () => {
  it('reaches every state and transition from each kind of call, every failure branch included', () => {
    const answers: AnyEventObject[] = [
      done('updateCategory', PIZZA),
      fail('updateCategory', 500),
      done('updateDetail', DETAIL),
      fail('updateDetail', 404),
      fail('updateDetail', 500),
      done('createDetail', DETAIL),
      fail('createDetail', 500),
    ];
    const reports = assertWalksCover(
      categoryDetailSyncMachine,
      Object.values(CALLS).map((call) => ({
        input: { call, categoryId: 1, scope: OWNER },
        events: answers,
      })),
    );
    const failures = new Set(reports.flatMap((report) => report.transitions.reached.filter((label) => label.includes('xstate.error.actor'))));
    expect(failures.size).toBe(4);
  });
});

type Answers = {
  updateCategory?: () => Promise<Category>;
  updateDetail?: () => Promise<CategoryDetail>;
  createDetail?: () => Promise<CategoryDetail>;
};

/** The detail sync with scripted answers: the calls it made, and its outcome. */
function run(call: DetailCall, answers: Answers) {
  const { calls, answer } = scriptedAnswers(answers);
  const machine = provideChecked(categoryDetailSyncMachine, {
    actors: {
      updateCategory: answer<UpdateCategoryCall, Category>('updateCategory'),
      updateDetail: answer<UpdateDetailCall, CategoryDetail>('updateDetail'),
      createDetail: answer<CreateDetailCall, CategoryDetail>('createDetail'),
    },
  });
  const outcome: Promise<DetailOutcome> = toPromise(createActor(machine, { input: { call, categoryId: 1, scope: OWNER } }).start());
  return { calls, outcome };
}

describe('category detail sync machine', () => {
  it('saves the name and description: saved, with no detail to take over', async () => {
    const { calls, outcome } = run(CALLS.updateCategory, { updateCategory: async () => PIZZA });
    expect(await outcome).toEqual({ kind: 'saved', detail: null });
    expect(calls).toEqual([{ actor: 'updateCategory', input: CALLS.updateCategory.input }]);
  });

  it('saves the detail and answers it as the server has it', async () => {
    const saved = { ...DETAIL, ...VALUES };
    const { calls, outcome } = run(CALLS.updateDetail, { updateDetail: async () => saved });
    expect(await outcome).toEqual({ kind: 'saved', detail: saved });
    expect(calls.map((call) => call.actor)).toEqual(['updateDetail']);
  });

  it('a detail the server no longer has (404) is created again, with the same values, for the category (spec section 4)', async () => {
    const recreated = { ...DETAIL, ...VALUES, id: 13 };
    const { calls, outcome } = run(CALLS.updateDetail, { updateDetail: () => Promise.reject(failure(404)), createDetail: async () => recreated });
    expect(await outcome).toEqual({ kind: 'saved', detail: recreated });
    expect(calls[1]).toEqual({ actor: 'createDetail', input: { categoryId: 1, values: VALUES, scope: OWNER } });
  });

  it('any other refusal, of the update or of the re-creation, answers updateFailed (the editor then reads the category again)', async () => {
    const refused = run(CALLS.updateDetail, { updateDetail: () => Promise.reject(failure(500)) });
    expect(await refused.outcome).toEqual({ kind: 'updateFailed' });
    // A 500 is not a missing detail: nothing is created.
    expect(refused.calls.map((call) => call.actor)).toEqual(['updateDetail']);
    const notRecreated = run(CALLS.updateDetail, { updateDetail: () => Promise.reject(failure(404)), createDetail: () => Promise.reject(failure(500)) });
    expect(await notRecreated.outcome).toEqual({ kind: 'updateFailed' });
    expect(await run(CALLS.updateCategory, { updateCategory: () => Promise.reject(failure(500)) }).outcome).toEqual({ kind: 'updateFailed' });
  });
});

describe('category detail sync machine: what the real calls send', () => {
  const sent = (actor: 'updateCategory' | 'updateDetail' | 'createDetail', input: unknown) => requestsOf(categoryDetailSyncMachine, actor, input);

  it('saves the name and description on the category, and the detail’s values on the detail', async () => {
    expect(await sent('updateCategory', CALLS.updateCategory.input)).toEqual([
      { method: 'PATCH', path: '/api/v2/categories/1/', body: { name: 'Pizza', description: 'Stone baked' } },
    ]);
    expect(await sent('updateDetail', CALLS.updateDetail.input)).toEqual([{ method: 'PATCH', path: '/api/v2/categories/detail/11/', body: VALUES }]);
  });

  it('creates a missing detail for the category, in the owner’s restaurant', async () => {
    expect(await sent('createDetail', { categoryId: 1, values: VALUES, scope: OWNER })).toEqual([
      { method: 'POST', path: '/api/v2/categories/detail/', body: { category_id: 1, ...VALUES, restaurant_id: 3 } },
    ]);
  });
});
