import { useLayoutEffect, type RefObject } from 'react';

/** The scale (two decimals, rounded down) that makes `content` px fit in `box` px; 1 when it fits. */
export function fitScale(box: number, content: number): number {
  if (content <= box || content <= 0) return 1;
  return Math.floor((box / content) * 100) / 100;
}

/** Each figure's largest size and the box width it was last fitted to (weak: unmounted ones go by themselves). */
const fitted = new WeakMap<HTMLElement, { max: string; width: number }>();
/** Changed figures waiting for the microtask that fits them together. */
const waiting = new Set<HTMLElement>();

/**
 * Fits several figures with one layout: every style is written, then every width read, then every
 * size written. Fitting them one by one (write, read, write) made the browser lay the whole page out
 * again for each of the dashboard's tiles: 29 ms of forced layouts in one task of its first paint,
 * unthrottled (docs/decisions/0024-entry-and-commit-tasks.md).
 */
function fitAll(elements: Iterable<HTMLElement>): void {
  const items = [...elements].flatMap((el) => {
    const state = fitted.get(el);
    return state && el.isConnected ? [{ el, state }] : [];
  });
  for (const { el } of items) if (el.style.fontSize !== '') el.style.fontSize = ''; // measured at the largest size
  const measured = items.map(({ el }) => ({ box: el.clientWidth, scale: fitScale(el.clientWidth, el.scrollWidth) }));
  items.forEach(({ el, state }, i) => {
    const { box, scale } = measured[i]!;
    state.width = box;
    if (scale < 1) el.style.fontSize = `calc(${state.max} * ${scale})`;
  });
}

function flush() {
  const batch = [...waiting];
  waiting.clear();
  fitAll(batch);
}

/**
 * One observer for every figure: its first report of a figure fits it, and a later one refits the
 * figures whose box width changed, together. A report at the width just fitted does nothing: the
 * paragraph is a block, its width follows the tile's and never its own font size (no loop).
 */
let observer: ResizeObserver | undefined;
function observe(el: HTMLElement) {
  if (typeof ResizeObserver === 'undefined') return;
  observer ??= new ResizeObserver((entries) => {
    const changed = entries.map((e) => e.target as HTMLElement).filter((el) => fitted.get(el)?.width !== el.clientWidth);
    fitAll(changed);
  });
  observer.observe(el);
}

/**
 * Shrinks the one-line text in `ref` to its box's width when it is wider, from `max` down, so tens
 * of millions of Bs.S stay whole and readable on a 360 px phone instead of wrapping mid-number
 * (issue 25). Measured, not estimated: glyph widths differ between the phones' fonts.
 * A new figure is fitted by the observer's first report, which the browser makes after its own
 * layout and before painting: no layout out of turn, and none at all while the figure is off screen
 * in a `content-visibility: auto` section (DashboardLayout). A changed value is fitted with the other
 * figures of its commit, before the frame is painted (a microtask after the layout effects).
 */
export function useFitToWidth(ref: RefObject<HTMLElement | null>, value: string, max: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const known = fitted.get(el);
    fitted.set(el, { max, width: known?.width ?? -1 });
    if (known || typeof ResizeObserver === 'undefined') {
      if (waiting.size === 0) queueMicrotask(flush);
      waiting.add(el);
    }
    observe(el);
    return () => {
      waiting.delete(el);
      observer?.unobserve(el);
    };
  }, [ref, value, max]);
}
