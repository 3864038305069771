import { paymentEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type SandboxSetupBody = EndpointBody<typeof paymentEndpoints.confirmSandboxSetup>;

/**
 * POST /api/sandbox/confirm-setup: the sandbox's card form confirms the setup intent with the
 * card; the answer's `payment_method_id` is then saved with add-payment-method.
 */
function confirmSandboxSetup(body: SandboxSetupBody) {
  return callApi(paymentEndpoints.confirmSandboxSetup, { body });
}

const confirmSandboxSetupMutationOptions = () =>
  mutationOptions({ mutationKey: ['payments', 'confirm-sandbox-setup'], mutationFn: confirmSandboxSetup });

export function useConfirmSandboxSetup() {
  return useMutation(confirmSandboxSetupMutationOptions());
}
