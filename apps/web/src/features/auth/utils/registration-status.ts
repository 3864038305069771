import { alreadyRegisteredResponseSchema, incompleteRegistrationResponseSchema } from '@portal/contract';
import { isApiError } from '@/lib/api-error';

/** A 403 that means "finish signing up" rather than "refused" (docs/product/accounts.md, "Resuming"). */
export function incompleteRegistration(error: unknown) {
  if (!isApiError(error) || error.status !== 403) return null;
  const parsed = incompleteRegistrationResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Register's 403 for an e-mail whose account is complete: "Already Registered". */
export function alreadyRegistered(error: unknown) {
  if (!isApiError(error) || error.status !== 403) return null;
  const parsed = alreadyRegisteredResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
