import { waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SurveyCreated, SurveyResponseCreate } from '#contracts/survey';
import {
  EMPTY_ANSWERS,
  SURVEY_STEPS,
  answersFromDraft,
  progressPercent,
  stepNumber,
  surveyMachine,
  toSurveyRequest,
  toggleOption,
  type SurveyEvent,
  type SurveyRequest,
} from '#src/machines/survey/survey.machine';
import type { SurveyDraft } from '#src/services/survey/survey-draft';
import { assertPathCoverage } from '../../support/path-coverage';
import { startSurvey } from './survey.harness';

const RECEIPT: SurveyCreated = { id: 7, created_at: '2026-11-22T10:00:00.000Z' };

/** The real machine with its effects replaced: the draft store is an object, the server a function. */
function start(options: { draft?: SurveyDraft | null; answer?: (request: SurveyRequest) => Promise<SurveyCreated> } = {}) {
  return startSurvey({ load: async () => options.draft ?? null, answer: options.answer, receipt: RECEIPT });
}

const next = (times: number): SurveyEvent[] => Array.from({ length: times }, () => ({ type: 'step.next' }));
const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('resuming'));

afterEach(() => vi.restoreAllMocks());

describe('survey machine: path coverage', () => {
  it('reaches every step, the submission, failure, retry and thanks, and resumes on each step', () => {
    // A fixed key: the walk compares contexts, and a fresh random key per visit never repeats.
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('00000000-0000-4000-8000-000000000000');
    const draftAt = (step: number) => ({
      type: 'xstate.done.actor.loadDraft',
      actorId: 'loadDraft',
      output: { step, answers: { business_name: 'Pizza Loco' }, attemptKey: null },
    });
    const report = assertPathCoverage(surveyMachine, {
      events: [
        ...SURVEY_STEPS.map((_, index) => draftAt(index + 1)),
        { type: 'xstate.done.actor.loadDraft', actorId: 'loadDraft', output: null },
        { type: 'xstate.error.actor.loadDraft', actorId: 'loadDraft', error: new Error('storage disabled') },
        { type: 'step.next' },
        { type: 'step.back' },
        { type: 'survey.submit' },
        { type: 'answer.set', field: 'contact_email', value: 'not-an-email' },
        { type: 'answer.set', field: 'contact_email', value: 'owner@example.com' },
        { type: 'option.toggle', field: 'systems_used', option: 'None' },
        { type: 'xstate.done.actor.submitSurvey', actorId: 'submitSurvey', output: RECEIPT },
        { type: 'xstate.error.actor.submitSurvey', actorId: 'submitSurvey', error: new Error('HTTP 503 Service Unavailable: {"detail":"Down.","code":"x"}') },
      ],
    });
    expect(report.states.reached).toEqual(['resuming', ...SURVEY_STEPS, 'submitting', 'failed', 'thanked']);
    expect(report.transitions.missing).toEqual([]);
  });
});

describe('survey machine: behaviour', () => {
  it('walks forwards and backwards through the eight steps, with no Back on the first', async () => {
    const { actor, send } = start();
    await ready(actor);
    expect(actor.getSnapshot().value).toBe('about');
    expect(actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'survey.submit' })).toBe(false);
    send(...next(7));
    expect(actor.getSnapshot().value).toBe('wishes');
    expect(actor.getSnapshot().can({ type: 'step.next' })).toBe(false);
    send({ type: 'step.back' }, { type: 'step.back' });
    expect(actor.getSnapshot().value).toBe('team');
  });

  it('writes the draft on every edit and step, and resumes from it on the same step', async () => {
    const first = start();
    await ready(first.actor);
    first.send(
      { type: 'answer.set', field: 'business_name', value: 'Pizza Loco' },
      { type: 'step.next' },
      { type: 'answer.set', field: 'pos_system', value: 'Toast' },
    );
    const last = first.saved.at(-1)!;
    expect(last).toMatchObject({ step: 2, attemptKey: null, answers: { business_name: 'Pizza Loco', pos_system: 'Toast' } });

    const again = start({ draft: JSON.parse(JSON.stringify(last)) as SurveyDraft });
    await ready(again.actor);
    expect(again.actor.getSnapshot().value).toBe('pos');
    expect(again.actor.getSnapshot().context.answers).toMatchObject({ business_name: 'Pizza Loco', pos_system: 'Toast' });
  });

  it('writes an edit on any step to the draft under that step’s number, a tick and an untick alike', async () => {
    // The screen ticks options only on the steps that ask a multiple-choice question; the
    // machine keeps any edit on any step (the view tests walk the steps that have one).
    const { actor, send, saved } = start();
    await ready(actor);
    for (const [index, step] of SURVEY_STEPS.entries()) {
      expect(actor.getSnapshot().value).toBe(step);
      send({ type: 'option.toggle', field: 'restaurant_types', option: 'Food Truck' });
      expect(saved.at(-1)).toEqual({
        step: index + 1,
        attemptKey: null,
        answers: expect.objectContaining({ restaurant_types: index % 2 === 0 ? ['Food Truck'] : [] }),
      });
      send({ type: 'answer.set', field: 'business_name', value: `Step ${index + 1}` });
      expect(saved.at(-1)).toEqual({ step: index + 1, attemptKey: null, answers: expect.objectContaining({ business_name: `Step ${index + 1}` }) });
      if (index < SURVEY_STEPS.length - 1) send({ type: 'step.next' });
    }
    expect(actor.getSnapshot().context.answers.restaurant_types).toEqual([]);
  });

  it('refuses an invalid contact email on Submit with the contract’s sentence and sends nothing', async () => {
    const { actor, send, sent } = start();
    await ready(actor);
    send(...next(7), { type: 'answer.set', field: 'contact_email', value: 'owner@' }, { type: 'survey.submit' });
    expect(actor.getSnapshot().value).toBe('wishes');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ contact_email: 'Please enter a valid email.' });
    expect(sent).toEqual([]);
    send({ type: 'answer.set', field: 'contact_email', value: 'owner@pizzaloco.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('sends the trimmed answers without blanks or hidden “Other” texts, then thanks and forgets the draft', async () => {
    const { actor, send, sent, cleared } = start();
    await ready(actor);
    send(
      { type: 'answer.set', field: 'business_name', value: '  Pizza Loco ' },
      { type: 'answer.set', field: 'role', value: 'Other' },
      { type: 'answer.set', field: 'role_other', value: 'Co-founder' },
      { type: 'answer.set', field: 'role', value: 'Owner' },
      { type: 'option.toggle', field: 'delivery_apps', option: 'Other' },
      { type: 'answer.set', field: 'delivery_other', value: 'Waitr' },
      { type: 'answer.set', field: 'delivery_frustrations', index: 1, value: ' Cold food ' },
      { type: 'answer.set', field: 'early_access', value: true },
      ...next(7),
      { type: 'survey.submit' },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('thanked'));
    const expected: SurveyResponseCreate = {
      business_name: 'Pizza Loco',
      role: 'Owner',
      delivery_apps: ['Other'],
      delivery_other: 'Waitr',
      delivery_frustrations: ['Cold food'],
      early_access: true,
    };
    expect(sent.map((request) => request.answers)).toEqual([expected]);
    expect(actor.getSnapshot().context.receipt).toEqual(RECEIPT);
    expect(cleared()).toBe(1);
  });

  it('fails with “HTTP Error: …”, retries the same answers under the same key, and a new key after an edit', async () => {
    const { actor, send, sent, saved } = start({
      answer: async () => {
        throw new Error('HTTP 503 Service Unavailable: {"detail":"The service is temporarily unavailable.","code":"database_unavailable"}');
      },
    });
    await ready(actor);
    send(...next(7), { type: 'survey.submit' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe('HTTP Error: The service is temporarily unavailable.');
    // The key is in the draft too, so a reload and a retry are still the same submission.
    expect(saved.at(-1)).toMatchObject({ step: 8, attemptKey: sent[0]!.idempotencyKey });

    send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && sent.length === 2);
    expect(sent[1]).toEqual(sent[0]);

    send({ type: 'answer.set', field: 'wish_feature', value: 'One tablet' });
    expect(actor.getSnapshot().value).toBe('wishes');
    expect(actor.getSnapshot().context.error).toBeNull();
    send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && sent.length === 3);
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  it('says “HTTP Error: Request timed out” when the client gave up', async () => {
    const { actor, send } = start({ answer: () => Promise.reject(new Error('Request timed out')) });
    await ready(actor);
    send(...next(7), { type: 'survey.submit' });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.error).toBe('HTTP Error: Request timed out');
  });

  it('resumes a submission that may have reached the server under its stored key', async () => {
    const key = '11111111-1111-4111-8111-111111111111';
    const { actor, send, sent } = start({ draft: { step: 8, answers: {}, attemptKey: key } });
    await ready(actor);
    send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('thanked'));
    expect(sent[0]!.idempotencyKey).toBe(key);
  });
});

describe('survey helpers', () => {
  it('keeps exclusive options on their own', () => {
    expect(toggleOption('systems_used', ['Loyalty program'], 'None')).toEqual(['None']);
    expect(toggleOption('systems_used', ['None'], 'Loyalty program')).toEqual(['Loyalty program']);
    expect(toggleOption('restaurant_types', ['Food Truck'], 'Food Truck')).toEqual([]);
  });

  it('drops what a stale or tampered draft holds that no longer fits', () => {
    const answers = answersFromDraft({
      role: 'King',
      pos_system: 'Toast',
      systems_used: ['None', 'Abacus', 'None'],
      business_name: 5,
      delivery_frustrations: ['a', 3],
    });
    expect(answers).toMatchObject({ role: '', pos_system: 'Toast', systems_used: ['None'], business_name: '', delivery_frustrations: ['a', '', ''] });
  });

  it('sends an untouched survey as early_access false only', () => {
    expect(toSurveyRequest(EMPTY_ANSWERS)).toEqual({ early_access: false });
  });

  it('numbers the steps and rounds the progress', () => {
    expect(SURVEY_STEPS.map((step) => progressPercent(stepNumber(step)!))).toEqual([13, 25, 38, 50, 63, 75, 88, 100]);
    expect(stepNumber('failed')).toBe(8);
    expect(stepNumber('thanked')).toBeNull();
  });
  it('tells the screen to start each new step, and the thank-you, at the top: not the first step shown, nor a failed or retried send', async () => {
    let refuse = true;
    const { actor, send } = start({
      draft: { step: 7, answers: {}, attemptKey: null },
      answer: async () => {
        if (refuse) throw new Error('HTTP 503');
        return RECEIPT;
      },
    });
    const tops: unknown[] = [];
    actor.on('screen.top', (event) => tops.push(event));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.step).toBeNull();
    await ready(actor);
    expect(actor.getSnapshot().context.step).toBe('systems');
    expect(tops).toHaveLength(0);
    send({ type: 'step.next' });
    expect(tops).toEqual([{ type: 'screen.top' }]);
    send({ type: 'survey.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(actor.getSnapshot().context.step).toBe('wishes');
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(tops).toHaveLength(1);
    // Back from the failure is a new step; an edit there only reopens the last one.
    send({ type: 'step.back' });
    expect(actor.getSnapshot().context.step).toBe('systems');
    expect(tops).toHaveLength(2);
    send({ type: 'step.next' }, { type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    send({ type: 'answer.set', field: 'wish_feature', value: 'One tablet' });
    expect(actor.getSnapshot().context.step).toBe('wishes');
    expect(tops).toHaveLength(3);
    refuse = false;
    send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('thanked'));
    expect(tops).toHaveLength(4);
  });
});
