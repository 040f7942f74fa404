/**
 * Runs `fn` at once, then at most once per `ms` however often it is asked: a call inside the window
 * is folded into one run at the window's end. The timer never keeps the process alive.
 */
export function throttle(fn: () => void, ms: number): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    last = Date.now();
    timer = null;
    fn();
  };
  return () => {
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) return run();
    timer = setTimeout(run, wait);
    timer.unref();
  };
}
