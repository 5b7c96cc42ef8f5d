import { type FormEvent, useState } from 'react';

/** A field's message, by field name. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** A form's checked values, or why they are not yet right. */
export type Checked<Out, T> = { data: Out } | { errors: FieldErrors<T> };

/**
 * The state of one sign-in step's form, without a form library (the screens load before the app,
 * docs/adr/0016-code-splitting-and-compression.md): its values, each field's message after a
 * send, a message about the whole form and whether it is being sent. A field's message goes as
 * soon as it is edited.
 */
export function useAuthForm<T extends Record<string, string | boolean>, Out>(
  initial: T,
  check: (values: NoInfer<T>) => Checked<Out, NoInfer<T>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [rootError, setRootError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => (now[name] ? { ...now, [name]: undefined } : now));
  };

  /**
   * A text field's value, change and message, to spread on the field.
   * @example <TextField label="Email" {...form.field('email')} />
   */
  const field = <K extends keyof T & string>(name: K) => ({
    value: String(values[name]),
    onChange: (value: string) => setValue(name, value as T[K]),
    error: errors[name],
  });

  /** Checks a few fields only (the email before 'Resend code'), showing their messages. */
  const fieldsValid = (names: (keyof T & string)[]): boolean => {
    const checked = check(values);
    if ('data' in checked) return true;
    const found = names.filter((name) => checked.errors[name]);
    if (found.length > 0) {
      setErrors((now) => {
        const next = { ...now };
        for (const name of found) next[name] = checked.errors[name];
        return next;
      });
    }
    return found.length === 0;
  };

  const onSubmit = (send: (data: Out) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setRootError(undefined);
    const checked = check(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await send(checked.data);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    setValue,
    field,
    errors,
    setErrors,
    rootError,
    setRootError,
    submitting,
    onSubmit,
    fieldsValid,
  };
}
