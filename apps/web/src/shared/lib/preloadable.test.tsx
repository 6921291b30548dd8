import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { preloadable } from './preloadable';

/*
 * docs/decisions/0025-no-suspense-on-the-first-screen.md: React's lazy() suspends on its first
 * render even when its code has arrived, and each Suspense fallback committed holds the next
 * reveal back by 300 ms. A preloaded component renders at once instead.
 */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A component with state of its own, to see whether a re-render remounts it. */
function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

afterEach(cleanup);

describe('preloadable', () => {
  it('preloaded and arrived: drawn in the first render, the fallback never shown', async () => {
    const Loaded = preloadable(async () => Counter);
    await Loaded.preload();
    render(
      <Suspense fallback={<p>Cargando...</p>}>
        <Loaded label="Listo" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('Listo 0');
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('not preloaded: the Suspense fallback until the code arrives, then the component, loaded once', async () => {
    let loads = 0;
    const code = deferred<typeof Counter>();
    const Later = preloadable(() => {
      loads++;
      return code.promise;
    });
    render(
      <Suspense fallback={<p>Cargando...</p>}>
        <Later label="Tarde" />
      </Suspense>,
    );
    expect(screen.getByText('Cargando...')).toBeTruthy();
    void Later.preload();
    await act(async () => code.resolve(Counter));
    expect(screen.getByRole('button').textContent).toBe('Tarde 0');
    expect(loads).toBe(1);
  });

  it('after the fallback, one instance: its state survives re-renders', async () => {
    const Later = preloadable(async () => Counter);
    function Parent() {
      const [label, setLabel] = useState('a');
      return (
        <>
          <button type="button" onClick={() => setLabel('b')}>
            cambiar
          </button>
          <Suspense fallback={<p>Cargando...</p>}>
            <Later label={label} />
          </Suspense>
        </>
      );
    }
    render(<Parent />);
    const counter = await screen.findByText('a 0');
    await act(async () => counter.click());
    expect(screen.getByText('a 1')).toBeTruthy();
    // A re-render after the code arrived does not remount it (that would start again at 0).
    await act(async () => screen.getByText('cambiar').click());
    expect(screen.getByText('b 1')).toBeTruthy();
  });

  it('a failed download rejects preload(), and the next preload() tries again', async () => {
    let attempt = 0;
    const Flaky = preloadable(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return Counter;
    });
    await expect(Flaky.preload()).rejects.toThrow('offline');
    await expect(Flaky.preload()).resolves.toBe(Counter);
    expect(attempt).toBe(2);
    render(<Flaky label="Otra vez" />);
    expect(screen.getByRole('button').textContent).toBe('Otra vez 0');
  });
});
