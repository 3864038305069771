import { twoFactorEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const TWO_FACTOR_KEY = ['account', 'two-factor'] as const;

/** GET /api/customer/two-factor: whether it is on, the recovery codes left, whether it is required. */
const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => callApi(twoFactorEndpoints.getTwoFactor, { signal }),
  });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}

/** A change of two-factor sign-in: the panel's state reloads after it, refused or not. */
function useTwoFactorChange<Input, Output>(name: string, mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', name],
      mutationFn,
      onSettled: () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
    }),
  );
}

/** POST /api/customer/two-factor/enrolment: a new secret and its QR code, waiting for a first code. */
export const useStartTwoFactorEnrolment = () =>
  useTwoFactorChange('two-factor-enrolment', () => callApi(twoFactorEndpoints.startTwoFactorEnrolment));

/** POST /api/customer/two-factor/enrolment/confirm: the first code turns it on; answers the recovery codes. */
export const useConfirmTwoFactorEnrolment = () =>
  useTwoFactorChange('two-factor-enrolment-confirm', (code: string) =>
    callApi(twoFactorEndpoints.confirmTwoFactorEnrolment, { body: { code } }),
  );

/** POST /api/customer/two-factor/recovery-codes: ten new codes for a current code; the old ones stop working. */
export const useRegenerateRecoveryCodes = () =>
  useTwoFactorChange('two-factor-recovery-codes', (code: string) =>
    callApi(twoFactorEndpoints.regenerateRecoveryCodes, { body: { code } }),
  );

/** POST /api/customer/two-factor/disable: the password and a current code or a recovery code. */
export const useDisableTwoFactor = () =>
  useTwoFactorChange('two-factor-disable', (body: EndpointBody<typeof twoFactorEndpoints.disableTwoFactor>) =>
    callApi(twoFactorEndpoints.disableTwoFactor, { body }),
  );
