import { useEffect, useState } from 'react';

const secondsUntil = (target: number) => Math.max(0, Math.floor((target - Date.now()) / 1000));

/** Seconds left until `until`, ticking every second (0 once passed). */
export function useCountdown(until: string | undefined): number {
  const target = until ? new Date(until).getTime() : 0;
  const [left, setLeft] = useState(() => secondsUntil(target));
  useEffect(() => {
    setLeft(secondsUntil(target));
    const id = setInterval(() => setLeft(secondsUntil(target)), 1000);
    return () => clearInterval(id);
  }, [target]);
  return left;
}

export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
