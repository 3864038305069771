import { alertEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const ALERT_PREFERENCES_KEY = ['account', 'alert-preferences'] as const;

/** GET /api/customer/alert-preferences: the alerts sent to the user's role, each e-mailed or not. */
const alertPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(alertEndpoints.getAlertPreferences, { signal }),
  });

export function useAlertPreferences() {
  return useQuery(alertPreferencesQueryOptions());
}

/** POST /api/customer/alert-preferences: one alert's e-mail on or off; answers them all. */
export function useUpdateAlertPreference() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'update-alert-preference'],
      mutationFn: (body: EndpointBody<typeof alertEndpoints.updateAlertPreference>) =>
        callApi(alertEndpoints.updateAlertPreference, { body }),
      onSuccess: ({ data }) => client.setQueryData(ALERT_PREFERENCES_KEY, { data }),
    }),
  );
}
