const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km: the one place distances are worked out (ADR 270). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** Indian highways wind: road km is about 1.25× the straight line (ADR 021). */
export const ROAD_FACTOR = 1.25;

/**
 * The one distance rule every screen uses (ADR 270): road km, the great circle × the road factor, to 0.1 km.
 * Stage checks compare it with a point's radius; tracking shows it as "km to go".
 */
export const roadDistanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.round(haversineKm(a, b) * ROAD_FACTOR * 10) / 10;

/** The same rule in whole km, as the load card and the token page show it. */
export const roadKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => Math.round(haversineKm(a, b) * ROAD_FACTOR);
