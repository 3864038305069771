import { updatePersonalInfoResponseSchema, type PersonalNames } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

type UpdatePersonalInfoResponse = z.infer<typeof updatePersonalInfoResponseSchema>;

/** POST /api/customer/update-personal-info: the signed-in user's first and last name. */
export function updatePersonalInfo(values: PersonalNames): Promise<UpdatePersonalInfoResponse> {
  return apiClient.post('/customer/update-personal-info', values, { schema: updatePersonalInfoResponseSchema });
}

export const updatePersonalInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-personal-info'], mutationFn: updatePersonalInfo });

export function useUpdatePersonalInfo() {
  return useMutation(updatePersonalInfoMutationOptions());
}
