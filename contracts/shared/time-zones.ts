/**
 * The time zone a restaurant's hours are read in until its owner picks one (issue 29): the main
 * zone of its state or province, from the location step's country and two-letter state. A state
 * that spans zones takes the one most of its people live in (Texas: Chicago; Indiana:
 * Indianapolis); the owner changes it on the hours step when that is not theirs.
 */

/** No location yet, or a state we do not know: the East Coast, where the spec's examples are. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

const US_STATES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

const CANADIAN_PROVINCES: Record<string, string> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Halifax',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

/** Each country of the location step: its zones by state, and the zone of a state not listed. */
const COUNTRY_ZONES: Record<string, { byState: Record<string, string>; otherwise: string }> = {
  'United States': { byState: US_STATES, otherwise: FALLBACK_TIME_ZONE },
  Canada: { byState: CANADIAN_PROVINCES, otherwise: 'America/Toronto' },
  'United Kingdom': { byState: {}, otherwise: 'Europe/London' },
};

/** Every zone this module may answer (for the test that each is one the engine knows). */
export const MAPPED_TIME_ZONES: readonly string[] = [
  ...new Set([FALLBACK_TIME_ZONE, ...Object.values(COUNTRY_ZONES).flatMap(({ byState, otherwise }) => [...Object.values(byState), otherwise])]),
];

/** The zone of a location (the location step's country name and state code), or the fallback. */
export function defaultTimeZone(country: string | null, state: string | null): string {
  const zones = country === null ? undefined : COUNTRY_ZONES[country];
  if (!zones) return FALLBACK_TIME_ZONE;
  return (state === null ? undefined : zones.byState[state.trim().toUpperCase()]) ?? zones.otherwise;
}

/** The zone a restaurant's times are kept in: the owner's choice on the hours step, else its location's. */
export const restaurantTimeZone = (restaurant: { timeZone: string | null; country: string | null; state: string | null }): string =>
  restaurant.timeZone ?? defaultTimeZone(restaurant.country, restaurant.state);
