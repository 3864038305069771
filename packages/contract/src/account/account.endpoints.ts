import { z } from 'zod';
import { messageResponseSchema, textField } from '../common/common.schemas';
import { binaryResponseSchema, defineEndpoints } from '../common/endpoint';
import { currentSessionResponseSchema } from './account.schemas';
import {
  ACCOUNT_MESSAGES,
  changePasswordRequestSchema,
  emailChangeRequestSchema,
  updateBillingInfoRequestSchema,
  updateBillingInfoResponseSchema,
  updatePersonalInfoRequestSchema,
  updatePersonalInfoResponseSchema,
  uploadLogoResponseSchema,
  verifyEmailChangeRequestSchema,
  verifyEmailChangeResponseSchema,
} from './account-settings.schemas';
import { PROFILE_PICTURE } from './profile-picture';

/**
 * My account (docs/product/accounts.md). These live under /customer/ but serve both roles:
 * /admin/my-account uses them too, so they are open to any signed-in user and act only on that
 * user.
 */
export const accountEndpoints = defineEndpoints({
  getCurrentSession: {
    method: 'GET',
    path: '/customer/current-session',
    access: 'user',
    tag: 'account',
    summary: 'The device and place of the session making this request',
    response: currentSessionResponseSchema,
    errors: [401],
  },
  updatePersonalInfo: {
    method: 'POST',
    path: '/customer/update-personal-info',
    access: 'user',
    tag: 'account',
    summary: 'Change first and last name',
    body: updatePersonalInfoRequestSchema,
    response: updatePersonalInfoResponseSchema,
    errors: [401, 422],
  },
  uploadLogo: {
    method: 'POST',
    path: '/customer/upload-logo',
    access: 'user',
    tag: 'account',
    summary: 'Change the profile picture (PNG, JPEG, WebP or GIF, at most 5 MB)',
    files: { logo: { maxBytes: PROFILE_PICTURE.maxBytes, required: true, message: ACCOUNT_MESSAGES.logoRequired } },
    response: uploadLogoResponseSchema,
    errors: [401, 413, 422],
  },
  updateBillingInfo: {
    method: 'POST',
    path: '/customer/update-billing-info',
    access: 'user',
    permission: 'billing.manage',
    tag: 'account',
    summary: 'Change billing details',
    body: updateBillingInfoRequestSchema,
    response: updateBillingInfoResponseSchema,
    errors: [401, 422],
  },
  requestEmailChange: {
    method: 'POST',
    path: '/customer/email-change-request',
    access: 'user',
    tag: 'account',
    summary: 'Send a code to a new e-mail address',
    body: emailChangeRequestSchema,
    response: messageResponseSchema,
    errors: [401, 409, 422, 429],
  },
  resendEmailChangeCode: {
    method: 'POST',
    path: '/customer/resend-otp/email-change-request',
    access: 'user',
    tag: 'account',
    summary: 'Send a new code to the new e-mail address, at most once a minute',
    body: emailChangeRequestSchema,
    response: messageResponseSchema,
    errors: [401, 409, 422, 429],
  },
  verifyEmailChange: {
    method: 'POST',
    path: '/customer/new-email-otp/verify',
    access: 'user',
    tag: 'account',
    summary: 'Confirm the new e-mail address with its code; the old address is told',
    body: verifyEmailChangeRequestSchema,
    response: verifyEmailChangeResponseSchema,
    errors: [401, 409, 422],
  },
  changePassword: {
    method: 'POST',
    path: '/customer/change-password',
    access: 'user',
    tag: 'account',
    summary: 'Change the password; every session of the user ends, this one included',
    description: 'The current password is checked under the same limits as a login.',
    body: changePasswordRequestSchema,
    response: messageResponseSchema,
    errors: [401, 422, 429],
  },
  getProfilePicture: {
    method: 'GET',
    path: `/files/${PROFILE_PICTURE.folder}/:name`,
    access: 'public',
    tag: 'account',
    summary: 'A profile picture',
    description:
      "At the storage base URL the front end prefixes to a user's `logo`. Keys are random and never change, so the picture is public and cached for good.",
    params: z.object({ name: textField('The file name', 'The file name is required', z.string()) }),
    response: binaryResponseSchema,
    errors: [404],
  },
});
