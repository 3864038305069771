import { signupEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

export type SaveBillingDetailsValues = EndpointBody<typeof signupEndpoints.saveBillingDetails>;

/**
 * POST /api/update-billing-details: the last sign-up step. It completes the account and signs
 * the user in, answering like a login plus the saved billing details. The new advertiser account
 * takes the browser's time zone.
 */
function saveBillingDetails(values: SaveBillingDetailsValues) {
  return callApi(signupEndpoints.saveBillingDetails, { body: { ...values, time_zone: browserTimeZone() } });
}

const saveBillingDetailsMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'update-billing-details'], mutationFn: saveBillingDetails });

export function useSaveBillingDetails() {
  return useMutation(saveBillingDetailsMutationOptions());
}
