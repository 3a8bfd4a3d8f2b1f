// Distance on the earth between two positions (haversine, mean earth radius): how far a person
// clocking in by location stands from their site.
export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Metres between two positions. */
export function distanceMeters(a: Position, b: Position): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A position `meters` away from `from` towards `bearingDeg` (0 north, 90 east). */
export function offsetBy(from: Position, meters: number, bearingDeg: number): Position {
  const d = meters / EARTH_RADIUS_M;
  const b = rad(bearingDeg);
  const lat1 = rad(from.latitude);
  const lon1 = rad(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: ((((lon2 * 180) / Math.PI + 540) % 360) - 180) };
}
