import { accountEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/email-change-request: mails a code to the new address; 409 taken, 422 unchanged. */
function requestEmailChange(newEmail: string) {
  return callApi(accountEndpoints.requestEmailChange, { body: { new_email: newEmail } });
}

const requestEmailChangeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'email-change-request'], mutationFn: requestEmailChange });

export function useRequestEmailChange() {
  return useMutation(requestEmailChangeMutationOptions());
}
