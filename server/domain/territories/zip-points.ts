import zipcodes from 'zipcodes';
import { ZIP_DIGITS_MAX, ZIP_DIGITS_MIN, type TerritoryCircle } from '../../../contracts/territories';

/**
 * Where zip codes are, from the zipcodes package (offline, US and Canada). The data never
 * changes while the process runs, so it is read once and kept in memory: nothing a request
 * writes lives here. Only codes of 4 to 10 digits are used (section 9's zip codes).
 */

export type Point = { lat: number; lng: number };
export type ZipPoint = Point & { zip: string };

const EARTH_RADIUS_METERS = 6_371_008.8;
const METERS_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_METERS) / 180;
const DIGITS = new RegExp(`^\\d{${ZIP_DIGITS_MIN},${ZIP_DIGITS_MAX}}$`);

let byLatitude: ZipPoint[] | undefined;
let byZip: Map<string, ZipPoint> | undefined;

/** Every placeable zip, sorted by latitude so a circle only looks at its own band. */
function allZipPoints(): ZipPoint[] {
  byLatitude ??= Object.entries(zipcodes.codes)
    .filter(([zip]) => DIGITS.test(zip))
    .map(([zip, place]) => ({ zip, lat: place.latitude, lng: place.longitude }))
    .sort((a, b) => a.lat - b.lat);
  return byLatitude;
}

/** The point of one zip code (trimmed), or undefined when the package does not know it. */
export function zipPoint(zip: string): ZipPoint | undefined {
  byZip ??= new Map(allZipPoints().map((point) => [point.zip, point]));
  return byZip.get(zip.trim());
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine). */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const insideCircle = (point: Point, circle: TerritoryCircle) =>
  distanceMeters(point, { lat: circle.center_lat, lng: circle.center_lng }) <= circle.radius_meters;

export const insideAnyCircle = (point: Point, circles: readonly TerritoryCircle[]) => circles.some((circle) => insideCircle(point, circle));

/** Index of the first point at or above `lat` (binary search). */
function firstAtOrAbove(points: ZipPoint[], lat: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((points[middle] as ZipPoint).lat < lat) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Every known zip whose point lies inside at least one of the circles, each once. */
export function zipsInsideCircles(circles: readonly TerritoryCircle[]): ZipPoint[] {
  const points = allZipPoints();
  const found = new Map<string, ZipPoint>();
  for (const circle of circles) {
    const band = circle.radius_meters / METERS_PER_DEGREE_LAT;
    const end = firstAtOrAbove(points, circle.center_lat + band + 1e-9);
    for (let index = firstAtOrAbove(points, circle.center_lat - band); index < end; index += 1) {
      const point = points[index] as ZipPoint;
      if (!found.has(point.zip) && insideCircle(point, circle)) found.set(point.zip, point);
    }
  }
  return [...found.values()];
}

/** Metres between two zip codes' points, or undefined when the package does not know one of them. */
export function zipDistanceMeters(from: string, to: string): number | undefined {
  const [a, b] = [zipPoint(from), zipPoint(to)];
  return a && b ? distanceMeters(a, b) : undefined;
}
