import { describe, expect, it } from 'vitest';
import { MENU_IDS_MAX } from '#contracts/menu';
import { ORDER_TYPES } from '#contracts/onboarding';
import { TERRITORY_CIRCLES_MAX } from '#contracts/territories';
import { checkAgainstServer } from '../../support/contract-routes';

/**
 * Lists in request bodies have a maximum that fits what they hold, and a longer one is refused
 * by the very route's contract, in the common error shape, with the limit named on the field.
 */
describe('array lengths in request contracts', () => {
  it('refuses more toppings than a category can hold, naming the limit', async () => {
    const toppings = Array.from({ length: MENU_IDS_MAX + 1 }, (_, index) => index + 1);
    const refusal = await checkAgainstServer({ method: 'POST', url: '/api/v2/categories/deep/', body: { name: 'Pizza', toppings } });
    expect(refusal).toEqual({
      status: 400,
      body: { detail: 'Some fields are not valid.', code: 'invalid', fields: { toppings: `At most ${MENU_IDS_MAX} ids.` } },
    });
    const accepted = await checkAgainstServer({ method: 'POST', url: '/api/v2/categories/deep/', body: { name: 'Pizza', toppings: toppings.slice(1) } });
    expect(accepted).toBeNull();
  });

  it('refuses more circles than a territory may draw', async () => {
    const circle = { center_lat: 40, center_lng: 49, radius_meters: 1000 };
    const body = { zips: [], circles: Array.from({ length: TERRITORY_CIRCLES_MAX + 1 }, () => circle) };
    const refusal = await checkAgainstServer({ method: 'POST', url: '/api/v2/territories/coverage/', body });
    expect(refusal?.body.fields).toEqual({ circles: `At most ${TERRITORY_CIRCLES_MAX} circles.` });
  });

  it('refuses more order types than there are, even before it looks at which', async () => {
    const refusal = await checkAgainstServer({ method: 'PUT', url: '/api/v2/onboarding/1/delivery/', body: { order_types: [...ORDER_TYPES, 'Online'] } });
    expect(refusal?.status).toBe(400);
    expect(refusal?.body.fields?.order_types).toBe(`At most ${ORDER_TYPES.length} order types.`);
  });
});
