/**
 * Samples the phone's position while sharing is on (watchPosition), and hands them over in batches: every
 * `batchSize` positions or every `everyMs`, whichever comes first. Positions closer together than
 * `minGapMs` are skipped, so a phone that reports every second does not fill the queue.
 */
export type Sample = { lat: number; lng: number; speedKmph: number | null; accuracyM: number | null; recordedAt: string };

export function watchLocation(opts: {
  onBatch: (positions: Sample[]) => void;
  onError: (code: 'denied' | 'unsupported' | 'unavailable') => void;
  batchSize?: number;
  everyMs?: number;
  minGapMs?: number;
}): () => void {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) {
    opts.onError('unsupported');
    return () => undefined;
  }
  const batchSize = opts.batchSize ?? 10;
  const minGapMs = opts.minGapMs ?? 15_000;
  let buffer: Sample[] = [];
  let lastAt = 0;
  let handedFirst = false;
  const hand = () => {
    if (!buffer.length) return;
    const batch = buffer;
    buffer = [];
    opts.onBatch(batch);
  };
  const id = geo.watchPosition(
    (p) => {
      if (p.timestamp - lastAt < minGapMs && buffer.length) return;
      lastAt = p.timestamp;
      buffer.push({
        lat: p.coords.latitude,
        lng: p.coords.longitude,
        speedKmph: p.coords.speed == null ? null : Math.round(p.coords.speed * 3.6 * 10) / 10,
        accuracyM: p.coords.accuracy ?? null,
        recordedAt: new Date(p.timestamp).toISOString(),
      });
      // the first fix goes at once, so the operator sees the truck as soon as sharing starts
      if (buffer.length >= batchSize || !handedFirst) {
        handedFirst = true;
        hand();
      }
    },
    (error) => opts.onError(error.code === 1 ? 'denied' : 'unavailable'),
    { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
  );
  const timer = setInterval(hand, opts.everyMs ?? 60_000);
  return () => {
    geo.clearWatch(id);
    clearInterval(timer);
    hand();
  };
}
