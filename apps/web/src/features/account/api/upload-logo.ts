import { accountEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { UploadProgressListener } from '@/lib/http';

/** POST /api/customer/upload-logo (multipart): answers the stored picture's path under the storage base. */
function uploadLogo({ file, onProgress }: { file: File; onProgress?: UploadProgressListener }) {
  return callApi(accountEndpoints.uploadLogo, { files: { logo: file }, onUploadProgress: onProgress });
}

const uploadLogoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'upload-logo'], mutationFn: uploadLogo });

export function useUploadLogo() {
  return useMutation(uploadLogoMutationOptions());
}
