/**
 * The time zone a restaurant's hours are read in when the owner has not chosen one (issue 29),
 * from its location. (A minimal version: the `hours` branch brings the full table of US states
 * and Canadian provinces; this one answers the country's most populous zone.)
 */
const COUNTRY_ZONES: Record<string, string> = {
  'United States': 'America/New_York',
  Canada: 'America/Toronto',
  'United Kingdom': 'Europe/London',
};

/** An IANA zone for a restaurant in `country` (and `state`); America/New_York when there is no location. */
export function defaultTimeZone(country: string | null, _state: string | null): string {
  return (country === null ? undefined : COUNTRY_ZONES[country]) ?? 'America/New_York';
}
