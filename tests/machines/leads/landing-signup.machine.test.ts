import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Message, MessageCreate } from '#contracts/leads';
import {
  SIGNUP_SUCCESS,
  landingSignupMachine,
  type LandingSignupEmitted,
  type LandingSignupEvent,
  type SignupRequest,
} from '#src/machines/leads/landing-signup.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';

const ZIP_MESSAGE = 'Please enter a zip code of 3 to 10 letters or digits.';
const EMAIL_MESSAGE = 'Please enter a valid email.';

/** What the older client throws for a 400 from our server (spec section 8's format). */
function http400(body: object): Error {
  return new Error(`HTTP 400 Bad Request: ${JSON.stringify(body)}`);
}

const savedMessage = (input: MessageCreate): Message => ({
  id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  email: input.email,
  zip_code: input.zip_code,
  message: input.message ?? '',
  status: 'new',
  user_agent: null,
});

/** The real machine with `submitSignup` answered by `answer`, recording what it was sent and under which key. */
function start(answer: (input: MessageCreate) => Promise<Message>) {
  const sent: MessageCreate[] = [];
  const keys: string[] = [];
  const actor = createActor(
    provideChecked(landingSignupMachine, {
      actors: {
        submitSignup: fromPromise<Message, SignupRequest>(({ input: { idempotencyKey, ...signup } }) => {
          sent.push(signup);
          keys.push(idempotencyKey);
          return answer(signup);
        }),
      },
    }),
  );
  const effects: LandingSignupEmitted[] = [];
  actor.on('*', (effect) => effects.push(effect));
  actor.start();
  const send = (...events: LandingSignupEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, sent, keys, send, effects };
}

const fill = (zip: string, email: string): LandingSignupEvent[] => [
  { type: 'field.change', field: 'zip_code', value: zip },
  { type: 'field.change', field: 'email', value: email },
];

describe('landing sign-up machine: path coverage', () => {
  it('reaches every state and every transition, guarded branches and failure kinds included', () => {
    const error = (value: unknown) => ({ type: 'xstate.error.actor.submitSignup', error: value, actorId: 'submitSignup' });
    const report = assertPathCoverage(landingSignupMachine, {
      events: [
        { type: 'field.change', field: 'zip_code', value: '94107' },
        { type: 'field.change', field: 'zip_code', value: 'x' },
        { type: 'field.change', field: 'email', value: 'owner@example.com' },
        { type: 'field.change', field: 'email', value: 'not-an-email' },
        { type: 'form.submit' },
        { type: 'form.reset' },
        error(http400({ detail: 'This address cannot receive mail.', code: 'invalid_input', fields: { email: 'Unknown domain.' } })),
        error(new Error('Request timed out')),
        error(undefined),
      ],
    });
    expect(report.states.reached).toEqual(['idle', 'submitting', 'done', 'failed']);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.reached).toHaveLength(8);
  });
});

describe('landing sign-up machine: behaviour', () => {
  it('refuses an empty form with the contract sentences and sends nothing', () => {
    const { actor, sent, send, effects } = start(async (input) => savedMessage(input));
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ zip_code: ZIP_MESSAGE, email: EMAIL_MESSAGE });
    expect(sent).toEqual([]);
    expect(effects).toEqual([{ type: 'screen.refused' }]);
  });

  it('clears only the edited field’s sentence', () => {
    const { actor, send } = start(async (input) => savedMessage(input));
    send(...fill('x', 'nope'), { type: 'form.submit' });
    send({ type: 'field.change', field: 'email', value: 'owner@example.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ zip_code: ZIP_MESSAGE });
  });

  it('sends the trimmed, lower-cased values with the fixed message and ends in done', async () => {
    const { actor, sent, send } = start(async (input) => savedMessage(input));
    send(...fill(' 94107 ', ' Owner@Example.COM '), { type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(sent).toEqual([{ zip_code: '94107', email: 'owner@example.com', message: 'Notify me when you launch near me.' }]);
  });

  it('shows the server’s detail and field sentences, keeping what was typed', async () => {
    const { actor, send, effects } = start(async () => {
      throw http400({ detail: 'This address cannot receive mail.', code: 'invalid_input', fields: { email: 'Unknown domain.' } });
    });
    send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(effects).toEqual([{ type: 'screen.refused' }]);
    // Strict: a field the server did not name must not be there at all, not even as undefined.
    expect(failed.context).toStrictEqual({
      zip_code: '94107',
      email: 'owner@example.com',
      error: 'This address cannot receive mail.',
      fieldErrors: { email: 'Unknown domain.' },
      // Kept, so pressing the button again repeats the same request.
      attemptKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('finds the detail even when the client cut the body at 300 characters', async () => {
    const body = JSON.stringify({ detail: 'Too many sign-ups from this address.', code: 'rate_limited', fields: { note: 'x'.repeat(400) } });
    const { actor, send } = start(async () => {
      throw new Error(`HTTP 429 Too Many Requests: ${body.slice(0, 300)}`);
    });
    send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe('Too many sign-ups from this address.');
  });

  it('shows the error’s own message when there is no JSON body, else the spec’s sentence', async () => {
    const timedOut = start(async () => {
      throw new Error('Request timed out');
    });
    timedOut.send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    expect((await waitFor(timedOut.actor, (s) => s.matches('failed'))).context.error).toBe('Request timed out');

    const silent = start(() => Promise.reject(new Error('')));
    silent.send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    expect((await waitFor(silent.actor, (s) => s.matches('failed'))).context.error).toBe('Failed to submit. Please try again.');
  });

  it('thanks the person in the specification’s words', () => {
    expect(SIGNUP_SUCCESS).toBe("Thanks! We'll keep you posted.");
  });

  it('retries the same values from failed, and editing there drops the alert but keeps the values', async () => {
    let calls = 0;
    const { actor, sent, send } = start(async (input) => {
      calls += 1;
      if (calls === 1) throw new Error('Request timed out');
      return savedMessage(input);
    });
    send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));

    send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);

    const editing = start(async () => {
      throw new Error('Request timed out');
    });
    editing.send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    await waitFor(editing.actor, (snapshot) => snapshot.matches('failed'));
    editing.send({ type: 'field.change', field: 'zip_code', value: '94110' });
    expect(editing.actor.getSnapshot().value).toBe('idle');
    expect(editing.actor.getSnapshot().context).toMatchObject({ zip_code: '94110', email: 'owner@example.com', error: null });
  });

  it('sends a retry of unchanged values under the same Idempotency-Key, and edited values under a new one', async () => {
    // The first attempt timed out on the way back: the server may well have stored it.
    const { actor, keys, send } = start(async () => {
      throw new Error('Request timed out');
    });
    send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && keys.length === 2);
    expect(keys[1]).toBe(keys[0]);

    send({ type: 'field.change', field: 'email', value: 'other@example.com' }, { type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && keys.length === 3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.every((key) => /^[0-9a-f-]{36}$/.test(key))).toBe(true);
  });

  it('starts over with an empty form after a sign-up, moving the focus to the thanks, then to the form', async () => {
    const { actor, send, effects } = start(async (input) => savedMessage(input));
    send(...fill('94107', 'owner@example.com'), { type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(effects).toEqual([{ type: 'screen.focus', on: 'thanks' }]);
    send({ type: 'form.reset' });
    expect(effects).toEqual([
      { type: 'screen.focus', on: 'thanks' },
      { type: 'screen.focus', on: 'form' },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ zip_code: '', email: '', fieldErrors: {}, error: null, attemptKey: null });
  });
});

describe('landing sign-up machine: what the view reads', () => {
  it('is submitting while the sign-up is sent, signed up once thanked', () => {
    const tagsAt = stateTags(landingSignupMachine);
    expect([tagsAt('idle'), tagsAt('submitting'), tagsAt('done'), tagsAt('failed')]).toEqual([[], ['submitting'], ['signedUp'], []]);
  });
});
