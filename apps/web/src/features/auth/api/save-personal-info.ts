import { signupPersonalInfoResponseSchema } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export interface SavePersonalInfoValues {
  user_id: number;
  first_name: string;
  last_name: string;
  logo: File | null;
}

type SavePersonalInfoResponse = z.infer<typeof signupPersonalInfoResponseSchema>;

/**
 * POST /api/update-personal-info (sign-up step 3), multipart because of the optional photo.
 * 413 when the photo is over 5 MB, 422 when it is not an image or a name is invalid.
 */
export function savePersonalInfo(values: SavePersonalInfoValues): Promise<SavePersonalInfoResponse> {
  const body = new FormData();
  body.set('user_id', String(values.user_id));
  body.set('first_name', values.first_name);
  body.set('last_name', values.last_name);
  if (values.logo) body.set('logo', values.logo);
  return apiClient.post('/update-personal-info', body, { schema: signupPersonalInfoResponseSchema });
}

export const savePersonalInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'update-personal-info'], mutationFn: savePersonalInfo });

export function useSavePersonalInfo() {
  return useMutation(savePersonalInfoMutationOptions());
}
