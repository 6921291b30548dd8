import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console.error during a test fails it unless the test expects it
 * (`vi.mocked(console.error).mockImplementation(() => {})` or `expectConsoleError()`).
 */
let calls: unknown[][] = [];
let expected = false;

export function expectConsoleError(): void {
  expected = true;
}

beforeEach(() => {
  calls = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const unexpected = !expected && calls.length > 0;
  const first = calls[0];
  vi.mocked(console.error).mockRestore();
  if (unexpected) throw new Error(`console.error was called during the test: ${first?.map(String).join(' ')}`);
});
