import { startTransition, useEffect, useEffectEvent, useState, type ReactNode } from 'react';

/**
 * Runs `run` once the frame being prepared has been painted and the main thread is idle (or after
 * `timeoutMs` at the latest). Returns a cancel function.
 *
 * What the first screen does not show (the realtime socket, the rates, the position card's
 * answer, the tools below the day's list on a phone) waits for this, so its requests and script
 * work do not compete with the day's list on the critical path (Lighthouse LCP on /dashboard,
 * docs/decisions/0019-dashboard-first-paint.md "Later work").
 */
export function afterPaint(run: () => void, timeoutMs = 1500): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  let frame: number | undefined;
  const whenIdle = () => {
    // A timer queued from requestAnimationFrame runs once that frame is painted.
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    }, 0);
  };
  if (typeof window.requestAnimationFrame === 'function') frame = window.requestAnimationFrame(whenIdle);
  else whenIdle();
  return () => {
    if (frame !== undefined) window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * False until `ready` has been true for one painted frame and an idle moment; then true for good.
 * `before` runs in that idle moment, just before: what the newly drawn part will ask for (its
 * requests) is asked there, in a task of its own, rather than by its effects in React's commit.
 */
export function useAfterPaint(ready: boolean, before?: () => void): boolean {
  const [done, setDone] = useState(false);
  // The latest `before`, without restarting the wait when the caller passes a new function.
  const runBefore = useEffectEvent(() => before?.());
  useEffect(() => {
    if (!ready || done) return;
    return afterPaint(() => {
      runBefore();
      // In a transition: React renders what waited (the dashboard's tools) in slices of a few
      // milliseconds, yielding between them, instead of one long task (Lighthouse TBT,
      // docs/decisions/0019-dashboard-first-paint.md "Lighter rows, shorter tasks").
      startTransition(() => setDone(true));
    });
  }, [ready, done]);
  return done;
}

/**
 * Draws `children` once the frame that drew this has been painted and the main thread is idle:
 * nested, each level comes in a commit of its own. React cannot split a commit, and on
 * Lighthouse's phone one commit of all the dashboard's tools was a 160 ms task, counted whole
 * beyond 50 ms (docs/decisions/0026-the-tools-task-and-a-slower-machine.md). Parts drawn in
 * order below each other move nothing already drawn; a part already drawn is not drawn again
 * when the next one comes (its elements are the same objects).
 */
export function DrawnAfterPaint({ children }: { children: ReactNode }): ReactNode {
  return useAfterPaint(true) ? children : null;
}
