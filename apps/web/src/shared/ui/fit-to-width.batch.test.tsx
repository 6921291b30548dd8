import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useFitToWidth } from './fit-to-width';

/** Each figure's box width and its content's width at the largest size, by test id. */
const specs = new Map<string, { box: number; content: number }>();
const instrumented = new WeakSet<HTMLElement>();

/** Records, in order, each font-size write and each width read of a figure (once per element). */
function instrument(el: HTMLElement, log: string[]) {
  if (instrumented.has(el)) return;
  instrumented.add(el);
  const id = el.dataset.testid!;
  let size = '';
  const spec = () => specs.get(id)!;
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => (log.push(`read ${id}`), spec().box) });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => (size === '' ? spec().content : spec().box) });
  Object.defineProperty(el.style, 'fontSize', {
    configurable: true,
    get: () => size,
    set: (v: string) => {
      size = v;
      log.push(`write ${id} ${v || '(max)'}`);
    },
  });
}

const log: string[] = [];
function Tile({ id, value, box, content }: { id: string; value: string; box: number; content: number }) {
  specs.set(id, { box, content });
  const ref = useRef<HTMLParagraphElement>(null);
  useFitToWidth(ref, value, '1.6rem');
  // The element's ref is set before its owner's layout effects: it is instrumented before it is fitted.
  return (
    <p
      data-testid={id}
      ref={(el) => {
        ref.current = el;
        if (el) instrument(el, log);
      }}
    >
      {value}
    </p>
  );
}

describe('useFitToWidth', () => {
  it('fits the figures of one commit together: all sizes reset, then all widths read, then the shrunk ones written', async () => {
    log.length = 0;
    render(
      <>
        <Tile id="a" value="1.000,00 Bs.S" box={100} content={80} />
        <Tile id="b" value="98.765.432,10 Bs.S" box={100} content={137} />
        <Tile id="c" value="12,00 USD" box={100} content={50} />
      </>,
    );
    await Promise.resolve(); // the microtask that fits them
    // One layout for the three: every width read, then the shrunk one written (a figure at its
    // largest size has nothing to reset).
    expect(log).toEqual([
      'read a',
      'read a',
      'read b',
      'read b',
      'read c',
      'read c',
      // 100 / 137 = 0.7299 → 0.72 (rounded down, so it fits)
      'write b calc(1.6rem * 0.72)',
    ]);
  });

  it('refits a figure whose value changed: its size reset to the largest, measured, shrunk again', async () => {
    log.length = 0;
    const { rerender } = render(<Tile id="d" value="12.345.678,00 USD" box={100} content={200} />);
    await Promise.resolve();
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write d calc(1.6rem * 0.5)']);
    log.length = 0;
    rerender(<Tile id="d" value="1.234.567.890,00 USD" box={100} content={400} />);
    await Promise.resolve();
    // 100 / 400 = 0.25
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write d (max)', 'write d calc(1.6rem * 0.25)']);
  });
});

describe('useFitToWidth with a ResizeObserver (browsers)', () => {
  it("fits new figures when the observer first reports them, after the browser's own layout: nothing is read in the commit", async () => {
    let report: ResizeObserverCallback = () => undefined;
    const observed: Element[] = [];
    class FakeResizeObserver {
      constructor(cb: ResizeObserverCallback) {
        report = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    try {
      log.length = 0;
      render(
        <>
          <Tile id="e" value="1,00 USD" box={100} content={50} />
          <Tile id="f" value="98.765.432,10 Bs.S" box={100} content={200} />
        </>,
      );
      await Promise.resolve();
      expect(log).toEqual([]); // no layout asked for in the commit
      const entries = observed.map((target) => ({ target }) as unknown as ResizeObserverEntry);
      report(entries, {} as ResizeObserver);
      // 100 / 200 = 0.5
      // The widths the report is about, then the fit: every width read, then the shrunk one written.
      expect(log).toEqual(['read e', 'read f', 'read e', 'read e', 'read f', 'read f', 'write f calc(1.6rem * 0.5)']);
      // The observer's next report at the same width (after the fit) changes nothing.
      log.length = 0;
      report(entries, {} as ResizeObserver);
      expect(log.filter((l) => l.startsWith('write'))).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
