import { accountEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/new-email-otp/verify: the code from the new address makes it the account's. */
function verifyEmailChange(values: EndpointBody<typeof accountEndpoints.verifyEmailChange>) {
  return callApi(accountEndpoints.verifyEmailChange, { body: values });
}

const verifyEmailChangeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'verify-email-change'], mutationFn: verifyEmailChange });

export function useVerifyEmailChange() {
  return useMutation(verifyEmailChangeMutationOptions());
}
