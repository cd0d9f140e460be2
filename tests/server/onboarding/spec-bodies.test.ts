import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_DEFAULTS } from '#contracts/onboarding';
import { restaurants } from '#server/db/schema';
import { STEP_NAMES, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { SPEC_STEP_BODIES } from '../../fixtures/onboarding/spec-bodies';
import { onboardingAppForFile } from './onboarding-helpers';

/**
 * Issue 40: a client written from the specification alone sends each step's fields of its
 * section 3 and nothing else; every field added since is optional, and leaving it out keeps what
 * is saved.
 */
const { t, api, owner } = onboardingAppForFile('spec-client');

const savedZone = async (id: number) =>
  (await t.database.db.select({ timeZone: restaurants.timeZone }).from(restaurants).where(eq(restaurants.id, id)))[0]?.timeZone;

describe('PUT of each step with the specification’s body', () => {
  it('is saved and answered for every step; the hours keep following the location’s zone', async () => {
    const { token, id } = await owner();
    for (const step of STEP_NAMES) {
      const response = await api.put(id, step, SPEC_STEP_BODIES[step], token);
      expect(response.statusCode, `${step}: ${response.body}`).toBe(200);
    }
    const read = async (step: string) => (await api.get(id, step, token)).json();
    for (const step of ['location', 'about', 'delivery', 'contacts'] as const) expect(await read(step), step).toEqual(SPEC_STEP_BODIES[step]);
    expect(await read('additional')).toEqual({ selections: { ...ONBOARDING_DEFAULTS.additional.selections, ...SPEC_STEP_BODIES.additional.selections } });
    // No zone was sent: none is saved, and the hours are read in the location's (Texas: Chicago).
    expect(await read('hours')).toEqual({ ...SPEC_STEP_BODIES.hours, time_zone: 'America/Chicago', special_days: [] });
    expect(await savedZone(id)).toBeNull();
    expect((await api.status(id, token)).json().progress).toMatchObject({
      location: true,
      about: true,
      delivery: true,
      hours: true,
      additional: true,
      contacts: true,
    });
  });

  it('keeps the saved zone and special days when the hours body leaves them out', async () => {
    const { token, id } = await owner();
    expect((await api.put(id, 'hours', VALID_STEPS.hours, token)).statusCode).toBe(200);
    const response = await api.put(id, 'hours', SPEC_STEP_BODIES.hours, token);
    expect(response.statusCode, response.body).toBe(200);
    const kept = { time_zone: VALID_STEPS.hours.time_zone, special_days: VALID_STEPS.hours.special_days };
    expect(response.json()).toEqual({ ...SPEC_STEP_BODIES.hours, ...kept });
    expect((await api.get(id, 'hours', token)).json()).toEqual({ ...SPEC_STEP_BODIES.hours, ...kept });
    expect(await savedZone(id)).toBe('America/Chicago');
  });
});
