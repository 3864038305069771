import { BILLING_DEFAULTS, type AccountType } from '@portal/contract';

// Apart from the form itself (which carries the flags and the lists), so that pages can build
// initial values without loading it.
export interface BillingFormValues {
  type: AccountType;
  country: string;
  address: string;
  state: string;
  city: string;
  postal_code: string;
  business_name: string;
  tax_id: string;
  currency: string;
}

/** The documented defaults (company, usd, us) under whatever is already known. */
export function billingFormValues(
  known: Partial<Record<keyof BillingFormValues, string | null>> = {},
): BillingFormValues {
  return {
    type: known.type === 'individual' ? 'individual' : BILLING_DEFAULTS.type,
    country: known.country || BILLING_DEFAULTS.country,
    address: known.address ?? '',
    state: known.state ?? '',
    city: known.city ?? '',
    postal_code: known.postal_code ?? '',
    business_name: known.business_name ?? '',
    tax_id: known.tax_id ?? '',
    currency: known.currency || BILLING_DEFAULTS.currency,
  };
}
