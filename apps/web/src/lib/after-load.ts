/** How long an idle moment may be waited for before the work runs anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` once the page has loaded (the window's load event) and the browser then has an
 * idle moment, so what can wait (a notification stream, decision 014) neither competes with the
 * page's own requests and start-up nor keeps its load from ending. Answers a function that
 * cancels what has not run yet.
 */
export function afterPageLoad(work: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    // Browsers without requestIdleCallback (Safari before 18, the test DOM) get a plain task.
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(work, 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
