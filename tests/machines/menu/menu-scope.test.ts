import { describe, expect, it } from 'vitest';
import { scopedBody, scopedFilters } from '#src/services/menu/menu';
import { menuScope } from '#src/views/menu/menu-area.view';
import { NO_RESTAURANT, OWNER, SUPERADMIN } from './category-editor.fixtures';

/** Spec section 6: who gets `restaurant_id` added to list filters and create bodies. */
describe('menu restaurant scoping', () => {
  it('adds the active restaurant for owners and staff, when absent', () => {
    expect(scopedFilters(OWNER, { page_size: 100 })).toEqual({ page_size: 100, restaurant_id: 3 });
    expect(scopedBody(OWNER, { name: 'Olives' })).toEqual({ name: 'Olives', restaurant_id: 3 });
  });

  it('keeps a restaurant_id the caller gave (even null, the platform library)', () => {
    expect(scopedBody(OWNER, { name: 'Olives', restaurant_id: null })).toEqual({ name: 'Olives', restaurant_id: null });
    expect(scopedFilters(OWNER, { restaurant_id: 9 })).toEqual({ restaurant_id: 9 });
  });

  it('tags nothing for superadmins, or when no restaurant is known', () => {
    expect(scopedFilters(SUPERADMIN, { page_size: 100 })).toEqual({ page_size: 100 });
    expect(scopedBody(SUPERADMIN, { name: 'Olives' })).toEqual({ name: 'Olives' });
    expect(scopedBody(NO_RESTAURANT, { name: 'Olives' })).toEqual({ name: 'Olives' });
  });

  it('reads the scope from the signed-in user', () => {
    expect(menuScope({ is_superadmin: false, active_restaurant_id: 3 })).toEqual(OWNER);
    expect(menuScope({ is_superadmin: true, active_restaurant_id: null })).toEqual(SUPERADMIN);
  });
});
