import { useState } from 'react';
import { AttemptKey } from '@/lib/idempotency';

/** The Idempotency-Key source of one form (see lib/idempotency). */
export function useAttemptKey(): AttemptKey {
  const [attempt] = useState(() => new AttemptKey());
  return attempt;
}
