import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Mantine form validation from a contract's zod schema, so the web shows the same messages the
 * server would answer with (STYLE §7). Errors are keyed by the dotted field path Mantine expects.
 */
export function zodResolver<S extends z.ZodType>(schema: S, translate: (message: string) => string = (m) => m) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = translate(issue.message);
    }
    return errors;
  };
}

/** Puts a server 400 that names a field next to that field. */
export function fieldErrorFrom(error: unknown, fields: readonly string[]): Record<string, string> | undefined {
  if (!error || typeof error !== 'object' || !('field' in error) || !('message' in error)) return undefined;
  const { field, message } = error as { field?: string; message: string };
  if (!field || !fields.includes(field)) return undefined;
  return { [field]: message.replace(new RegExp(`^${field}: `), '') };
}
