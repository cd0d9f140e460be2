import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SurveyPage, SurveyResponse } from '#contracts/survey';
import { pageCount, surveyAnswersMachine } from '#src/machines/survey/survey-answers.machine';
import { ApiError } from '#src/services/shared/api';
import type { LegacyFile } from '#src/services/shared/legacy';
import type { SurveyAnswersRequest } from '#src/services/survey/survey-answers';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';

const answer = (id: number): SurveyResponse => ({ id, created_at: '2026-11-20T09:00:00.000Z', user_agent: null, business_name: `Restaurant ${id}` });
const page = (count: number, ids: number[]): SurveyPage => ({ count, next: null, previous: null, results: ids.map(answer) });
const FILE: LegacyFile = { blob: new Blob(['id\r\n']), filename: 'survey-answers-2026-11-25.csv' };

describe('survey answers machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(surveyAnswersMachine, {
      events: [
        // Two pages' worth, so both page buttons have somewhere to go from page 2.
        { type: 'xstate.done.actor.loadAnswers', output: page(30, [1, 2]) },
        { type: 'xstate.error.actor.loadAnswers', error: new Error('HTTP 503') },
        { type: 'xstate.done.actor.exportAnswers', output: FILE },
        { type: 'xstate.error.actor.exportAnswers', error: new Error('HTTP 503') },
        { type: 'page.next' },
        { type: 'page.previous' },
        { type: 'list.retry' },
        { type: 'answer.open', id: 1 },
        { type: 'answer.open', id: 99 },
        { type: 'answer.close' },
        { type: 'export.start' },
      ],
    });
  });

  function started(pages: Record<number, SurveyPage>, exported: () => Promise<LegacyFile> = async () => FILE) {
    const requests: SurveyAnswersRequest[] = [];
    const saved: LegacyFile[] = [];
    const actor = createActor(
      provideChecked(surveyAnswersMachine, {
        actors: {
          loadAnswers: fromPromise<SurveyPage, SurveyAnswersRequest>(async ({ input }) => {
            requests.push(input);
            return pages[input.page]!;
          }),
          exportAnswers: fromPromise<LegacyFile>(exported),
        },
      }),
    );
    // The screen saves what the machine hands over (screen.save).
    actor.on('screen.save', ({ file }) => saved.push(file));
    actor.start();
    return { actor, requests, saved };
  }

  it('pages 25 at a time and stops at the first and last page', async () => {
    const { actor, requests } = started({ 1: page(30, [30, 29]), 2: page(30, [5]) });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    actor.send({ type: 'page.next' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }) && snapshot.context.page === 2);
    actor.send({ type: 'page.next' });
    expect(requests).toEqual([
      { page: 1, pageSize: 25 },
      { page: 2, pageSize: 25 },
    ]);
    expect(actor.getSnapshot().context.data?.results.map((row) => row.id)).toEqual([5]);
  });

  it('opens an answer of the page in the drawer, and keeps an export going while paging', async () => {
    let finish: (file: LegacyFile) => void = () => undefined;
    const { actor, saved } = started(
      { 1: page(30, [30, 29]), 2: page(30, [5]) },
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    actor.send({ type: 'answer.open', id: 29 });
    expect(actor.getSnapshot().context.selected?.business_name).toBe('Restaurant 29');
    actor.send({ type: 'export.start' });
    actor.send({ type: 'answer.close' });
    actor.send({ type: 'page.next' });
    await waitFor(actor, (snapshot) => snapshot.context.page === 2 && snapshot.matches({ list: 'loaded' }));
    finish(FILE);
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));
    expect(saved).toEqual([FILE]);
  });

  it('says why a page did not load, and loads it again on Try again', async () => {
    let refuse = true;
    const actor = createActor(
      provideChecked(surveyAnswersMachine, {
        actors: {
          loadAnswers: fromPromise<SurveyPage, SurveyAnswersRequest>(async () => {
            if (refuse) throw new ApiError('This needs a platform administrator.', { status: 403 });
            return page(1, [1]);
          }),
          exportAnswers: fromPromise<LegacyFile>(async () => FILE),
        },
      }),
    ).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(failed.context.loadError).toBe("Couldn't load the survey answers: This needs a platform administrator.");
    refuse = false;
    actor.send({ type: 'list.retry' });
    const loaded = await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    expect(loaded.context).toMatchObject({ loadError: null, data: page(1, [1]) });
  });

  it('says why the export failed, and saves the file when it is tried again', async () => {
    let refuse = true;
    const { actor, saved } = started({ 1: page(1, [1]) }, async () => {
      if (refuse) throw new ApiError('Service unavailable.', { status: 503 });
      return FILE;
    });
    actor.send({ type: 'export.start' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches({ export: 'failed' }));
    expect(failed.context.exportError).toBe("Couldn't export the survey answers: Service unavailable.");
    expect(saved).toEqual([]);
    refuse = false;
    actor.send({ type: 'export.start' });
    const done = await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));
    expect(done.context.exportError).toBeNull();
    expect(saved).toEqual([FILE]);
  });

  it('goes back a page, closing the open answer, and opens only answers on the page', async () => {
    const { actor, requests } = started({ 1: page(30, [30, 29]), 2: page(30, [5]) });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    actor.send({ type: 'answer.open', id: 5 });
    expect(actor.getSnapshot().matches({ list: { loaded: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context.selected).toBeNull();
    actor.send({ type: 'page.next' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }) && snapshot.context.page === 2);
    actor.send({ type: 'answer.open', id: 5 });
    expect(actor.getSnapshot().matches({ list: { loaded: 'open' } })).toBe(true);
    actor.send({ type: 'answer.close' });
    expect(actor.getSnapshot().matches({ list: { loaded: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context.selected).toBeNull();
    actor.send({ type: 'answer.open', id: 5 });
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().context.selected).toBeNull();
    const back = await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }) && snapshot.context.page === 1);
    expect(back.context.data?.results.map((row) => row.id)).toEqual([30, 29]);
    expect(requests.map((request) => request.page)).toEqual([1, 2, 1]);
  });

  it('says “Request failed” when a failure has no words', async () => {
    const actor = createActor(
      provideChecked(surveyAnswersMachine, {
        actors: {
          loadAnswers: fromPromise<SurveyPage, SurveyAnswersRequest>(() => Promise.reject(new Error(''))),
          exportAnswers: fromPromise<LegacyFile>(async () => FILE),
        },
      }),
    ).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(failed.context.loadError).toBe("Couldn't load the survey answers: Request failed");
  });

  it('counts one page for an empty list and a page for every 25 answers begun', () => {
    expect(pageCount({ data: null, pageSize: 25 })).toBe(1);
    expect(pageCount({ data: page(50, []), pageSize: 25 })).toBe(2);
    expect(pageCount({ data: page(51, []), pageSize: 25 })).toBe(3);
  });

  it('hands each exported file to the screen once, and nothing when the export fails', async () => {
    let fail = true;
    const { actor, saved } = started({ 1: page(1, [1]) }, async () => {
      if (fail) throw new Error('HTTP 503');
      return FILE;
    });
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded') && snapshot.matches({ export: 'failed' }));
    expect(saved).toEqual([]);
    fail = false;
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));
    expect(saved).toEqual([FILE]);
  });
});

describe('survey answers machine: the tags its view reads', () => {
  it('tags loading, failed, loaded, an open answer and an export in flight', () => {
    const tagsAt = stateTags(surveyAnswersMachine);
    expect(
      [
        { list: 'loading', export: 'idle' },
        { list: 'failed', export: 'idle' },
        { list: { loaded: 'closed' }, export: 'idle' },
        { list: { loaded: 'open' }, export: 'exporting' },
      ].map((value) => tagsAt(value)),
    ).toEqual([['loading'], ['failed'], ['loaded'], ['exporting', 'loaded', 'open']]);
  });
});
