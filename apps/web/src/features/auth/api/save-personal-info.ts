import { signupEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type SavePersonalInfoValues = EndpointBody<typeof signupEndpoints.savePersonalInfo> & { logo: File | null };

/**
 * POST /api/update-personal-info (sign-up step 3), multipart because of the optional photo.
 * 413 when the photo is over 5 MB, 422 when it is not an image or a name is invalid.
 */
function savePersonalInfo({ logo, ...fields }: SavePersonalInfoValues) {
  return callApi(signupEndpoints.savePersonalInfo, { body: fields, files: { logo } });
}

const savePersonalInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'update-personal-info'], mutationFn: savePersonalInfo });

export function useSavePersonalInfo() {
  return useMutation(savePersonalInfoMutationOptions());
}
