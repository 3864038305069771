import type { RegistrationUser, UserData } from '@portal/contract';
import type { BillingDetails, User } from '../../db/schema';

/**
 * A user and the billing details of their advertiser account as the API answers them (login,
 * sign-up, My account); `user_id` names the user, as it always has.
 */
export function toUserData(user: User, billing: BillingDetails | null): UserData {
  return {
    id: user.id,
    email: user.email,
    role_id: user.roleId,
    first_name: user.firstName,
    last_name: user.lastName,
    logo: user.logo,
    billing_detail: billing && {
      address: billing.address,
      city: billing.city,
      country: billing.country,
      state: billing.state,
      postal_code: billing.postalCode,
      type: billing.type,
      business_name: billing.businessName,
      tax_id: billing.taxId,
      currency: billing.currency,
      user_id: user.id,
    },
  };
}

/** A user whose sign-up is unfinished, with the step it stands at. */
export function toRegistrationUser(user: User): RegistrationUser {
  return {
    id: user.id,
    email: user.email,
    role_id: user.roleId,
    profile_step: user.registrationStep,
    first_name: user.firstName,
    last_name: user.lastName,
    logo: user.logo,
  };
}
