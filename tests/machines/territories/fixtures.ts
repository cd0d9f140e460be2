import type { Territory, TerritoryCoverage } from '#contracts/territories';

/** A territory as the server answers it, with what a test changes. */
export function territoryOf(overrides: Partial<Territory> = {}): Territory {
  return {
    id: 7,
    name: 'Baku North',
    slug: 'baku-north',
    phone: null,
    email: null,
    rep_name: 'Aysel Mammadova',
    rep_dob: null,
    rep_meze_email: null,
    rep_personal_email: null,
    rep_phone: null,
    rep_address: null,
    current_commission: null,
    settlement_date: null,
    is_active: true,
    zips: ['1000', '1001'],
    circles: [{ center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 }],
    socials: [{ platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' }],
    rep_photo: null,
    wallpaper: null,
    num_zip_codes: 2,
    num_stores: 3,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const EMPTY_COVERAGE: TerritoryCoverage = {
  zips: [],
  restaurants: [],
  circle_zips_not_listed: [],
  listed_zips_outside_circles: [],
  unplaced_zips: [],
};
