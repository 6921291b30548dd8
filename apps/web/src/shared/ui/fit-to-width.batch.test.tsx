import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useFitToWidth } from './fit-to-width';

/** Records, in order, each font-size write and each width read of the figures it is given. */
function instrument(el: HTMLElement, box: number, contentAtMax: number, log: string[]) {
  const id = el.dataset.testid;
  let size = '';
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => (log.push(`read ${id}`), box) });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => (size === '' ? contentAtMax : box) });
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
  const ref = useRef<HTMLParagraphElement>(null);
  useFitToWidth(ref, value, '1.6rem');
  // The element's ref is set before its owner's layout effects: it is instrumented before it is fitted.
  return (
    <p
      data-testid={id}
      ref={(el) => {
        ref.current = el;
        if (el) instrument(el, box, content, log);
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
    // One layout for the three (reads after every write of the reset), not one per figure.
    expect(log).toEqual([
      'write a (max)',
      'write b (max)',
      'write c (max)',
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

  it('refits a figure whose value changed', async () => {
    log.length = 0;
    const { rerender } = render(<Tile id="d" value="1,00 USD" box={100} content={60} />);
    await Promise.resolve();
    log.length = 0;
    rerender(<Tile id="d" value="1.234.567,00 USD" box={100} content={200} />);
    await Promise.resolve();
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write d (max)', 'write d calc(1.6rem * 0.5)']);
  });
});
