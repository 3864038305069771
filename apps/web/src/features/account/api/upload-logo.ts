import { uploadLogoResponseSchema } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

type UploadLogoResponse = z.infer<typeof uploadLogoResponseSchema>;

/** POST /api/customer/upload-logo (multipart): answers the stored picture's path under the storage base. */
export function uploadLogo(file: File): Promise<UploadLogoResponse> {
  const body = new FormData();
  body.set('logo', file);
  return apiClient.post('/customer/upload-logo', body, { schema: uploadLogoResponseSchema });
}

export const uploadLogoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'upload-logo'], mutationFn: uploadLogo });

export function useUploadLogo() {
  return useMutation(uploadLogoMutationOptions());
}
