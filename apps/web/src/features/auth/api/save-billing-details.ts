import { signupBillingResponseSchema, type BillingDetailsValues, type SignupBillingResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type SaveBillingDetailsValues = BillingDetailsValues & { user_id: number };

/**
 * POST /api/update-billing-details: the last sign-up step. It completes the account and signs
 * the user in, answering like a login plus the saved billing details.
 */
export function saveBillingDetails(values: SaveBillingDetailsValues): Promise<SignupBillingResponse> {
  return apiClient.post('/update-billing-details', values, { schema: signupBillingResponseSchema });
}

export const saveBillingDetailsMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'update-billing-details'], mutationFn: saveBillingDetails });

export function useSaveBillingDetails() {
  return useMutation(saveBillingDetailsMutationOptions());
}
