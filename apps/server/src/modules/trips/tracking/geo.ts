function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * A point at `fraction` of a lane, bent sideways like a highway that does not run straight
 * (the bend's side and size are fixed per trip), plus a little noise. Not a real road network:
 * there is no routing data offline (ADR 034).
 */
export function lanePoint(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  fraction: number,
  seed: string,
  noise: () => number = Math.random,
): { lat: number; lng: number } {
  const f = Math.min(1, Math.max(0, fraction));
  const h = hash(seed);
  const side = h % 2 === 0 ? 1 : -1;
  const bend = 0.06 + ((h >>> 8) % 100) / 1000;
  const dLat = to.lat - from.lat;
  const dLng = to.lng - from.lng;
  // perpendicular offset peaking mid-way, with a second gentler wave
  const off = side * bend * (Math.sin(Math.PI * f) + 0.3 * Math.sin(3 * Math.PI * f));
  const jitter = () => (noise() - 0.5) * 0.004 * Math.sin(Math.PI * f);
  return {
    lat: from.lat + dLat * f - dLng * off + jitter(),
    lng: from.lng + dLng * f + dLat * off + jitter(),
  };
}
