import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code (zod and the shared schema) loads in its own
 * chunk, off the page's first load (the login page has a 200 KB gzip budget, DESIGN §11): fetched
 * by `preload` (once the page is idle) or by the first check, which waits for it. Validation is
 * the same shared schema.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => (loading ??= load());
  return {
    resolver: (values, context, options) => get().then((resolve) => resolve(values, context, options)),
    preload: () => void get(),
  };
}
