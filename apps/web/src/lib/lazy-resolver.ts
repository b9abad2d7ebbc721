import type { FieldValues, Resolver } from 'react-hook-form';

type Validation = typeof import('./validation');
type SchemaName = Exclude<keyof Validation, 'zodResolver'>;

const loadValidation = () => import('./validation');

/** Start fetching the validation code once the page has painted, so a submit never waits on it. */
export function preloadValidation(): void {
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  idle(() => void loadValidation());
}

/**
 * A react-hook-form resolver that validates with a contracts schema loaded on first use. It keeps
 * zod out of the login route's initial load (issue 3's 150 kB budget) while the form still uses
 * the very schema the API validates with.
 */
export function lazyZodResolver<T extends FieldValues>(schema: SchemaName): Resolver<T> {
  return async (values, context, options) => {
    const validation = await loadValidation();
    return (validation.zodResolver(validation[schema]) as unknown as Resolver<T>)(values, context, options);
  };
}
