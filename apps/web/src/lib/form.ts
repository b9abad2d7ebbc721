/**
 * The one form system: react-hook-form driven by the contracts' zod schemas (style.md, "One schema
 * for both sides"), and the server's DRF-shaped field errors put back under their fields.
 */
import { flattenFieldErrors, z } from '@arena/contracts/kit';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError } from './api';
import { errorMessage, fieldLabel } from './errors';

/** A schema a form can be bound to: it reads the form's values (an object) and yields what is sent. */
export type FormSchema = z.ZodType<unknown, FieldValues>;
/** What the form holds (the schema's input) and what a valid submit yields (its output). */
export type FormInput<S extends FormSchema> = z.input<S>;
export type FormOutput<S extends FormSchema> = z.output<S>;
// `any` output: a helper that takes any form never reads the submitted values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm<F extends FieldValues = FieldValues> = UseFormReturn<F, any, any>;
/** The `control` of a form holding `F`, for a component that renders some of its fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormControl<F extends FieldValues> = Control<F, any, any>;

/**
 * `useForm` bound to a zod schema. Fields validate when first left and then on every change, so an
 * error clears as the user corrects it (spec 5: "Each field's error clears as the user edits").
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<FormInput<S>, unknown, FormOutput<S>>, 'resolver'> = {},
): UseFormReturn<FormInput<S>, unknown, FormOutput<S>> {
  const resolver = zodResolver(schema as never) as unknown as Resolver<FormInput<S>, unknown, FormOutput<S>>;
  return useForm<FormInput<S>, unknown, FormOutput<S>>({ mode: 'onTouched', ...options, resolver });
}

/** Whether the form shows a field (or a field array) of that path, so an error there is seen. */
function showsField<F extends FieldValues>(form: AnyForm<F>, path: string): boolean {
  const names = form.control._names;
  return names.mount.has(path) || names.array.has(path);
}

export { fieldLabel } from './errors';

/**
 * Puts a failed submit's field errors (a DRF 400: `{field: [msg]}`, nested or dotted such as
 * `slot_groups.0.time_slots.1.start_time`) under the form's fields with `setError`, focusing the
 * first, and returns the rest as one banner text: `detail`/`non_field_errors` as they are, errors
 * of fields the form does not show as "Label: message" (`fieldLabel`, never the internal name), any other failure as its message. `null`
 * when every message found its field. `aliases` maps a server field to the form's name for it.
 */
export function applyServerErrors<F extends FieldValues>(
  form: AnyForm<F>,
  error: unknown,
  { aliases = {} }: { aliases?: Record<string, string> } = {},
): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object' || Array.isArray(error.data))
    return errorMessage(error);
  const { fields, general } = flattenFieldErrors(error.data);
  const unplaced: string[] = [];
  let focus = true;
  for (const [path, message] of Object.entries(fields)) {
    const name = aliases[path] ?? path;
    if (showsField(form, name)) {
      form.setError(name as Path<F>, { type: 'server', message }, { shouldFocus: focus });
      focus = false;
    } else unplaced.push(`${fieldLabel(path)}: ${message}`);
  }
  const lines = [...general, ...unplaced];
  if (lines.length) return lines.join('\n');
  return Object.keys(fields).length ? null : errorMessage(error);
}

/**
 * The messages of a failed validation that no shown field displays (a rule on something the
 * screen sets itself, such as the picked slots), so the form can say them in its banner.
 */
export function unshownErrors<F extends FieldValues>(form: AnyForm<F>, errors: FieldErrors<F>): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && path) {
      if (!showsField(form, path)) out.push(message);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, '');
  return out;
}

/** Reports a message on a path from inside a schema (`superRefine`/`transform`). */
export type AddIssue = (path: string, message: string) => void;

/**
 * A form whose fields are not the request's shape (a client picker, a "record a payment" switch,
 * ids held as select text): `fields` reads what the form holds, `build` turns it into the request
 * body (and may report rules only the screen knows), and the contracts' `request` schema validates
 * that body, its messages landing on the field of the same path (or `pathOf` it). The submitted
 * value is the parsed request, ready to send.
 */
export function requestSchema<F extends z.ZodType<FieldValues, FieldValues>, R extends z.ZodType>(
  fields: F,
  request: R,
  build: (values: z.output<F>, issue: AddIssue) => z.input<R>,
  pathOf: (path: string) => string = (path) => path,
) {
  return fields.transform((values, ctx): z.output<R> => {
    const reported = new Set<string>();
    const issue: AddIssue = (path, message) => {
      if (reported.has(path)) return;
      reported.add(path);
      ctx.addIssue({ code: 'custom', path: path ? path.split('.') : [], message });
    };
    const body = build(values, issue);
    const parsed = request.safeParse(body);
    if (parsed.success && reported.size === 0) return parsed.data;
    for (const i of parsed.error?.issues ?? []) issue(pathOf(i.path.map(String).join('.')), i.message);
    return z.NEVER;
  });
}
