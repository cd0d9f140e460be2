import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Button, Select, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { Restaurant } from '../../../contracts/shared/restaurants';
import { restaurantLabel, restaurantPickerMachine, type RestaurantPickerMachine } from '../../machines/shared/restaurant-picker.machine';
import { useSession, type RestaurantLabeller } from './session-context';
import classes from './backoffice.module.css';

export const PLATFORM_LIBRARY = 'Platform library';
const NO_CHOICE = 'none';

/** With a restaurant chosen, only the platform library's rows say whose they are. */
const libraryOnly: RestaurantLabeller = (restaurantId) => (restaurantId === null ? PLATFORM_LIBRARY : null);

/**
 * What the header says about the restaurant an administrator works on: the picker (a server-side
 * search) and, without a choice, where new rows go under the spec's rules: a superadmin's new
 * categories to the first restaurant, staff (who act only inside a chosen restaurant) nowhere yet.
 */
export function useRestaurantPicker(machine: RestaurantPickerMachine = restaurantPickerMachine) {
  const { user, chooseRestaurant, choosing, chooseError } = useSession();
  const [state, send] = useMachine(machine);
  const { known, matches, query, error } = state.context;
  const settled = state.hasTag('settled');
  const chosen = user.active_restaurant_id === null ? null : { id: user.active_restaurant_id, name: user.active_restaurant_name };
  const first = known[0] ?? null;

  const names = useMemo(() => new Map(known.map((restaurant) => [restaurant.id, restaurantLabel(restaurant)])), [known]);
  const labeller = useCallback<RestaurantLabeller>(
    (restaurantId) => (restaurantId === null ? PLATFORM_LIBRARY : (names.get(restaurantId) ?? `Restaurant #${restaurantId}`)),
    [names],
  );

  // No choice is an option of its own (first in the list), so it can be chosen with the keyboard
  // like any restaurant; Mantine's clear button is hidden from keyboards and screen readers.
  const none = { value: NO_CHOICE, label: user.is_superadmin ? 'All restaurants' : 'No restaurant' };
  const shownLabel = chosen ? restaurantLabel(chosen) : none.label;
  // Mantine puts the chosen option's label in the search box; that is not a search.
  const onSearchChange = (value: string) => send({ type: 'picker.search', query: value === shownLabel ? '' : value });
  const options: Pick<Restaurant, 'id' | 'name'>[] = matches ?? known;
  const data = [
    none,
    ...[...(chosen && !options.some((option) => option.id === chosen.id) ? [chosen] : []), ...options].map((restaurant) => ({
      value: String(restaurant.id),
      label: restaurantLabel(restaurant),
    })),
  ];
  // While a search is typed the list shows the server's matches only (none yet while it runs), so
  // a search that finds nothing leaves the list empty and Mantine says so. The other options stay
  // in `data`: the chosen one's label is still the value shown.
  const searched = query === '' ? null : new Set(settled ? (matches ?? []).map((match) => String(match.id)) : []);

  // The first restaurant is known only once the list is in: before that (or when it failed, which
  // the error says) the header names none, rather than claiming there are none.
  const rule = chosen
    ? null
    : user.is_superadmin
      ? !state.hasTag('ready')
        ? null
        : first
          ? `All restaurants: new categories go to ${restaurantLabel(first)}`
          : 'All restaurants: there are no restaurants yet'
      : 'No restaurant chosen: lists show the platform library only';

  const picker = (
    <div className={classes.picker}>
      <Select
        aria-label="Restaurant you work on"
        searchable
        allowDeselect={false}
        // Typing replaces the shown name instead of being appended to it.
        onFocus={(event) => event.currentTarget.select()}
        size="sm"
        className={classes.pickerSelect}
        data={data}
        value={chosen ? String(chosen.id) : NO_CHOICE}
        // Matching happens on the server; show what it answered.
        filter={({ options: all }) => (searched ? all.filter((option) => 'value' in option && searched.has(option.value)) : all)}
        onSearchChange={onSearchChange}
        // Only a search can leave the list empty (see `searched`).
        nothingFoundMessage={settled ? (error ?? 'No restaurant matches') : 'Searching…'}
        disabled={choosing}
        error={chooseError ?? error ?? undefined}
        onChange={(value) => chooseRestaurant(value === null || value === NO_CHOICE ? null : Number(value))}
        // In the header, not a portal at the end of the page: the open list stays inside the banner landmark.
        comboboxProps={{ withinPortal: false }}
      />
      {state.hasTag('failed') ? (
        <Button size="compact-sm" variant="subtle" onClick={() => send({ type: 'picker.retry' })}>
          Retry
        </Button>
      ) : null}
      {rule ? (
        <Text size="xs" c="gray.7" className={classes.pickerRule} role="status">
          {rule}
        </Text>
      ) : null}
    </div>
  );
  return { picker, labeller: chosen ? libraryOnly : labeller };
}
