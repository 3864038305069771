import { paymentEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/stripe/create-setup-intent: the `client_secret` the card form confirms. */
function createSetupIntent() {
  return callApi(paymentEndpoints.createSetupIntent);
}

const createSetupIntentMutationOptions = () =>
  mutationOptions({ mutationKey: ['payments', 'create-setup-intent'], mutationFn: createSetupIntent });

export function useCreateSetupIntent() {
  return useMutation(createSetupIntentMutationOptions());
}
