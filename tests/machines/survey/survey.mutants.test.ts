/**
 * Survey: the paths its behaviour tests leave out (Back from a failed send, option ticks from
 * it, an unreadable draft store, the frustration rows, a failure without words, the receipt).
 * Written for the mutants Stryker makes of the machine (npm run mutants) that no earlier test noticed.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SurveyCreated } from '#contracts/survey';
import { answersFromDraft, stepNumber, surveyMachine, toggleOption, type SurveyEvent, type SurveyRequest } from '#src/machines/survey/survey.machine';
import { loadSurveyDraft, saveSurveyDraft, type SurveyDraft } from '#src/services/survey/survey-draft';
import { provideChecked } from '../../support/contract-double';
import { startSurvey } from './survey.harness';

const RECEIPT: SurveyCreated = { id: 9, created_at: '2026-11-22T10:00:00.000Z' };

function start(options: { load?: () => Promise<SurveyDraft | null>; answer?: () => Promise<SurveyCreated> } = {}) {
  const harness = startSurvey({ ...options, receipt: RECEIPT });
  const { actor } = harness;
  const ready = () => waitFor(actor, (snapshot) => !snapshot.matches('resuming'));
  return { ...harness, ready, context: () => actor.getSnapshot().context };
}

const toLastStep: SurveyEvent[] = Array.from({ length: 7 }, () => ({ type: 'step.next' }) as SurveyEvent);

describe('survey: resuming', () => {
  it('starts afresh on the first step when the draft store cannot be read', async () => {
    const { actor, ready, context } = start({
      load: async () => {
        throw new Error('SecurityError');
      },
    });
    await ready();
    expect(actor.getSnapshot().value).toBe('about');
    expect(context()).toMatchObject({ fieldErrors: {}, error: null, attemptKey: null, receipt: null });
  });

  it('starts on the first step when there is no draft, and writes it there', async () => {
    const { actor, ready, saved } = start();
    await ready();
    expect(actor.getSnapshot().value).toBe('about');
    expect(saved.at(-1)).toMatchObject({ step: 1, attemptKey: null });
  });
});

describe('survey: after a failed send', () => {
  const failedOnce = async () => {
    let refuse = true;
    const harness = start({
      answer: async () => {
        if (refuse) throw new Error('');
        return RECEIPT;
      },
    });
    await harness.ready();
    harness.send(...toLastStep, { type: 'survey.submit' });
    expect(harness.actor.getSnapshot().value).toBe('submitting');
    await waitFor(harness.actor, (snapshot) => snapshot.matches('failed'));
    return {
      ...harness,
      accept: () => {
        refuse = false;
      },
    };
  };

  it('says the fallback sentence when the failure has no words', async () => {
    const { context } = await failedOnce();
    expect(context().error).toBe('HTTP Error: The survey could not be sent. Please try again.');
  });

  it('Back leads to the seventh step without the alert, keeping the key for the next send', async () => {
    const { actor, send, sent, context, accept } = await failedOnce();
    send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toBe('systems');
    expect(context().error).toBeNull();
    accept();
    send({ type: 'step.next' }, { type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('ticking an option returns to the last step with the tick, the alert gone and a new key', async () => {
    const { actor, send, sent, context, accept } = await failedOnce();
    send({ type: 'option.toggle', field: 'delivery_apps', option: 'DoorDash' });
    expect(actor.getSnapshot().value).toBe('wishes');
    expect(context().error).toBeNull();
    expect(context().attemptKey).toBeNull();
    expect(context().answers.delivery_apps).toEqual(['DoorDash']);
    accept();
    send({ type: 'survey.submit' });
    const final = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(sent[1]!.answers).toMatchObject({ delivery_apps: ['DoorDash'] });
    expect(final.value).toBe('thanked');
  });
});

describe('survey: answers', () => {
  it('fills the frustration rows by index and ignores rows that do not exist', async () => {
    const { send, ready, context } = start();
    await ready();
    const rows = context().answers.delivery_frustrations.length;
    send({ type: 'answer.set', field: 'delivery_frustrations', index: 0, value: 'Late drivers' });
    send({ type: 'answer.set', field: 'delivery_frustrations', index: rows, value: 'ignored' });
    send({ type: 'answer.set', field: 'delivery_frustrations', index: -1, value: 'ignored' });
    expect(context().answers.delivery_frustrations).toEqual(['Late drivers', ...Array.from({ length: rows - 1 }, () => '')]);
  });

  it('an edit removes only its own field’s sentence', async () => {
    const { send, ready, context } = start();
    await ready();
    send(
      ...toLastStep,
      { type: 'answer.set', field: 'contact_email', value: 'nope' },
      { type: 'answer.set', field: 'business_name', value: 'Ada' },
      { type: 'survey.submit' },
    );
    expect(Object.keys(context().fieldErrors)).toEqual(['contact_email']);
    send({ type: 'answer.set', field: 'wish_feature', value: 'One tablet' });
    expect(Object.keys(context().fieldErrors)).toEqual(['contact_email']);
    send({ type: 'answer.set', field: 'contact_email', value: 'ada@example.com' });
    expect(context().fieldErrors).toEqual({});
  });

  it('keeps the server’s receipt for the thank-you screen and forgets the draft once', async () => {
    const { actor, send, ready, cleared } = start();
    await ready();
    send(...toLastStep, { type: 'survey.submit' });
    const final = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(final.context.receipt).toEqual(RECEIPT);
    expect(cleared()).toBe(1);
  });
});

describe('survey: the draft in the browser’s storage', () => {
  // Workers share one DOM across files: no other file's draft may be there when a test starts.
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  /** The real draft actions and loader; only the send is answered by the test. */
  function startWithStorage(sent: SurveyRequest[] = []) {
    const actor = createActor(
      provideChecked(surveyMachine, {
        actors: {
          submitSurvey: fromPromise<SurveyCreated, SurveyRequest>(async ({ input }) => {
            sent.push(input);
            return RECEIPT;
          }),
        },
      }),
    ).start();
    return { actor, ready: () => waitFor(actor, (snapshot) => !snapshot.matches('resuming')) };
  }

  it('keeps each answer and the step in the draft, and forgets the draft once the server has the answers', async () => {
    const { actor, ready } = startWithStorage();
    await ready();
    actor.send({ type: 'answer.set', field: 'business_name', value: 'Ada’s Diner' });
    actor.send({ type: 'step.next' });
    expect(loadSurveyDraft()).toMatchObject({ step: 2, answers: { business_name: 'Ada’s Diner' }, attemptKey: null });
    Array.from({ length: 6 }).forEach(() => actor.send({ type: 'step.next' }));
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(loadSurveyDraft()).toBeNull();
  });

  it('resumes a draft on its step, keeping what still fits and dropping what no longer does', async () => {
    saveSurveyDraft({
      step: 3,
      answers: { business_name: 'Ada’s Diner', role: 'Owner', pos_system: 'An old till', systems_used: ['None', 'Telepathy', 'None'], early_access: true },
      attemptKey: 'key-1',
    });
    const { actor, ready } = startWithStorage();
    const resumed = await ready();
    expect(resumed.value).toBe('ordering');
    expect(resumed.context.answers).toMatchObject({ business_name: 'Ada’s Diner', role: 'Owner', pos_system: '', systems_used: ['None'], early_access: true });
    expect(resumed.context.attemptKey).toBe('key-1');
    actor.stop();
  });

  it('reads a draft’s early access only when it is a yes or a no', () => {
    expect(answersFromDraft({ early_access: false }).early_access).toBe(false);
    expect(answersFromDraft({ early_access: 'yes' }).early_access).toBe(false);
    expect(answersFromDraft({ early_access: true }).early_access).toBe(true);
  });

  it('sends the answers without the spaces around them', async () => {
    const sent: SurveyRequest[] = [];
    const { actor, ready } = startWithStorage(sent);
    await ready();
    actor.send({ type: 'answer.set', field: 'business_name', value: '  Ada’s Diner ' });
    actor.send({ type: 'answer.set', field: 'delivery_frustrations', index: 0, value: '  Late drivers  ' });
    Array.from({ length: 7 }).forEach(() => actor.send({ type: 'step.next' }));
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent[0]!.answers).toMatchObject({ business_name: 'Ada’s Diner', delivery_frustrations: ['Late drivers'] });
  });
});

describe('survey: options and the step shown', () => {
  it('unticks a ticked option, and lets an exclusive option clear the others and be cleared by them', () => {
    expect(toggleOption('systems_used', ['Loyalty program', 'Inventory management'], 'Loyalty program')).toEqual(['Inventory management']);
    expect(toggleOption('systems_used', ['Loyalty program'], 'None')).toEqual(['None']);
    expect(toggleOption('systems_used', ['None'], 'Loyalty program')).toEqual(['Loyalty program']);
    expect(toggleOption('systems_used', ['Loyalty program'], 'Inventory management')).toEqual(['Loyalty program', 'Inventory management']);
  });

  it('shows step 8 of 8 while sending and after a failed send', () => {
    expect(stepNumber('submitting')).toBe(8);
    expect(stepNumber('failed')).toBe(8);
    expect(stepNumber('pos')).toBe(2);
    expect(stepNumber('thanked')).toBeNull();
  });
});
