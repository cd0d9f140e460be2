import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { FormStep } from '#src/machines/onboarding/onboarding-steps';
import { storeSectionMachine } from '#src/machines/onboarding/store-section.machine';
import { storeSettingsMachine } from '#src/machines/onboarding/store-settings.machine';
import { ApiError } from '#src/services/shared/api';
import { theme } from '#src/theme';
import { StoreSettingsView } from '#src/views/onboarding/store-settings.view';
import { SessionProvider } from '#src/views/shared/session-context';
import { StoreLinkRefreshProvider } from '#src/views/shared/store-link';
import { VALID_STEPS } from '../../fixtures/onboarding/requests';
import { SPECIAL_DAY_DATE_MISSING } from '#contracts/shared/opening-hours';
import { provideChecked } from '../../support/contract-double';
import { OWNER } from '../shared/app-harness';

const TAKEN = 'The store URL “blue-door-2” is already taken. Please choose another.';

/**
 * A server in memory: each step as saved; the about step refuses one slug as taken. Only the two
 * sections under test load (the others wait, a spinner each): rendering all six forms in
 * happy-dom costs seconds and tells nothing more.
 */
function machineFor(saved: Partial<Record<FormStep, unknown>>) {
  const section = provideChecked(storeSectionMachine, {
    actors: {
      loadStep: fromPromise<unknown, { restaurantId: string; step: FormStep }>(({ input }) =>
        input.step in saved ? Promise.resolve(saved[input.step]) : new Promise(() => {}),
      ),
      saveStep: fromPromise<unknown, { restaurantId: string; step: FormStep; body: unknown }>(async ({ input }) => {
        if (input.step === 'about' && (input.body as { slug: string }).slug === 'blue-door-2') {
          throw new ApiError(TAKEN, { status: 409, code: 'slug_taken', fields: { slug: TAKEN } });
        }
        saved[input.step] = input.body;
        return input.body;
      }),
    },
  });
  return storeSettingsMachine.provide({ actors: { section } });
}

/** The Store screen over `saved`; answers the user that drives it. */
function renderStore(saved: Partial<Record<FormStep, unknown>>, refresh: () => void = () => undefined) {
  render(
    <MantineProvider env="test" theme={theme}>
      <SessionProvider value={{ user: OWNER, signOut: () => undefined, chooseRestaurant: () => undefined, choosing: false, chooseError: null }}>
        <StoreLinkRefreshProvider value={refresh}>
          <main>
            <StoreSettingsView machine={machineFor(saved)} />
          </main>
        </StoreLinkRefreshProvider>
      </SessionProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Store screen', () => {
  it('saves a section and says Saved; a taken store URL is refused under its field, with the focus there', { timeout: 15_000 }, async () => {
    const saved: Partial<Record<FormStep, unknown>> = structuredClone({ about: VALID_STEPS.about, delivery: VALID_STEPS.delivery });
    const refreshes: string[] = [];
    const user = renderStore(saved, () => refreshes.push('refresh'));
    const delivery = await screen.findByRole('region', { name: 'Delivery and pickup' });
    const saveDelivery = await within(delivery).findByRole('button', { name: 'Save delivery' });
    expect(saveDelivery).toBeDisabled();

    const fee = within(delivery).getByRole('textbox', { name: 'Delivery fee' });
    fireEvent.change(fee, { target: { value: '4.75' } });
    expect(saveDelivery).toBeEnabled();
    await user.click(saveDelivery);
    await waitFor(() => expect(within(delivery).getByRole('status')).toHaveTextContent('Saved'));
    expect(saved.delivery).toMatchObject({ delivery_fee: 4.75 });
    expect(saveDelivery).toBeDisabled();

    const about = screen.getByRole('region', { name: 'About and store URL' });
    const slug = within(about).getByRole('textbox', { name: 'Store URL' });
    fireEvent.change(slug, { target: { value: 'blue-door-2' } });
    await user.click(within(about).getByRole('button', { name: 'Save about' }));
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(TAKEN));
    await waitFor(() => expect(slug).toHaveFocus());
    expect(within(about).getByRole('alert')).toHaveTextContent('Check Store URL.');
    expect(within(about).getByRole('status')).toHaveTextContent('');
    expect(saved.about).toEqual(VALID_STEPS.about);
    expect(refreshes).toEqual([]);
  });

  it('reads a special day’s switch as a weekday’s, Open, and asks a new one for its date before saving', { timeout: 40_000 }, async () => {
    const saved: Partial<Record<FormStep, unknown>> = structuredClone({ hours: VALID_STEPS.hours });
    const user = renderStore(saved);
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    const save = await within(hours).findByRole('button', { name: 'Save hours' });
    // Issue 40: on means open, for a weekday and for a special day alike.
    expect(within(hours).getByRole('switch', { name: 'Monday open' })).not.toBeChecked();
    expect(within(hours).getByRole('switch', { name: 'Open on 2099-12-24' })).toBeChecked();
    const christmas = within(hours).getByRole('switch', { name: 'Open on 2099-12-25' });
    expect(christmas).not.toBeChecked();
    expect(christmas).toHaveAccessibleDescription('Closed all day');

    await user.click(within(hours).getByRole('button', { name: 'Add a special day' }));
    const date = within(hours).getByLabelText('Date of special day 3');
    expect(date).toHaveValue('');
    await user.click(save);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(SPECIAL_DAY_DATE_MISSING);
    await waitFor(() => expect(date).toHaveFocus());
    expect(saved.hours).toEqual(VALID_STEPS.hours);
  });
});
