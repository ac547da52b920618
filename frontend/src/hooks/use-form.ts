import { useCallback, useState } from 'react';
import type { MessageKey } from '@/i18n/i18n';

export type FormErrors<TValues> = Partial<Record<keyof TValues & string, MessageKey>>;

/** Form values plus per-field error keys; editing a field clears its error. */
export function useForm<TValues extends Record<string, string>>(
  initial: TValues | (() => TValues),
) {
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<FormErrors<TValues>>({});

  const setField = useCallback((field: keyof TValues & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const setFieldError = useCallback((field: keyof TValues & string, error: MessageKey) => {
    setErrors((current) => ({ ...current, [field]: error }));
  }, []);

  return { values, errors, setField, setErrors, setFieldError };
}
