import { updateBillingInfoResponseSchema, type BillingDetailsValues } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

type UpdateBillingInfoResponse = z.infer<typeof updateBillingInfoResponseSchema>;

/** POST /api/customer/update-billing-info: the same fields as sign-up's billing step. */
export function updateBillingInfo(values: BillingDetailsValues): Promise<UpdateBillingInfoResponse> {
  return apiClient.post('/customer/update-billing-info', values, { schema: updateBillingInfoResponseSchema });
}

export const updateBillingInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-billing-info'], mutationFn: updateBillingInfo });

export function useUpdateBillingInfo() {
  return useMutation(updateBillingInfoMutationOptions());
}
