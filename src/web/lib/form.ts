/**
 * The one way the web app builds a form (docs/architecture.md, `lib/`): react-hook-form validated by a
 * zod schema, normally one of the shared contract's (src/shared), so a form refuses what the API
 * would refuse, with the same Spanish messages. Importing this module installs zod's Spanish
 * texts for checks without a message of their own (src/shared/zod-es.ts); forms load on demand,
 * so neither the form library nor the locale is in the first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import '../../shared/zod-es.ts';

/** A zod schema of a form's values (an object). */
export type FormSchema = z.core.$ZodType<FieldValues, FieldValues>;

/**
 * `useForm` with `schema` as its resolver: `handleSubmit` hands over the parsed output (trimmed,
 * coerced), and `formState.errors` holds each field's message.
 * @param options react-hook-form options (defaultValues, mode…), all but the resolver.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}
