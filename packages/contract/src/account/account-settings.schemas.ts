import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas';
import {
  newPasswordSchema,
  PASSWORD_MESSAGES,
  passwordConfirmationSchema,
  withPasswordConfirmation,
} from '../auth/password.schemas';
import { otpSchema } from '../auth/signup.schemas';
import { textField } from '../common/common.schemas';
import { billingDetailSchema } from '../auth/auth.schemas';
import { billingDetailsSchema } from './billing.schemas';
import { personalNamesSchema } from './profile.schemas';
import { PROFILE_PICTURE } from './profile-picture';

export const ACCOUNT_MESSAGES = {
  nameUpdated: 'Your name has been updated.',
  logoUpdated: 'Your profile picture has been updated.',
  logoRequired: 'Please choose a picture',
  logoNotImage: 'The picture must be a PNG, JPEG, WebP or GIF image',
  logoTooLarge: `The picture must be at most ${PROFILE_PICTURE.maxBytes / (1024 * 1024)} MB`,
  billingUpdated: 'Your billing details have been updated.',
  emailSameAsCurrent: 'This is already your e-mail address',
  emailTaken: 'This e-mail address is already in use',
  emailCodeSent: 'We sent a 6-digit code to your new e-mail address.',
  emailCodeResent: 'We sent a new code to your new e-mail address.',
  emailChanged: 'Your e-mail address has been changed.',
  currentPasswordWrong: 'The current password is incorrect',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  passwordChanged: 'Your password has been changed. Please log in again with your new password.',
} as const;

export const updatePersonalInfoRequestSchema = personalNamesSchema.meta({ id: 'UpdatePersonalInfoRequest' });
export const updatePersonalInfoResponseSchema = z
  .object({ message: z.string(), data: z.object({ first_name: z.string(), last_name: z.string() }) })
  .meta({ id: 'UpdatePersonalInfoResponse' });

export const uploadLogoResponseSchema = z
  .object({ message: z.string(), logo: z.string() })
  .meta({ id: 'UploadLogoResponse' });

export const updateBillingInfoRequestSchema = billingDetailsSchema.meta({ id: 'UpdateBillingInfoRequest' });
export const updateBillingInfoResponseSchema = z
  .object({ message: z.string(), billing_detail: billingDetailSchema })
  .meta({ id: 'UpdateBillingInfoResponse' });

export const emailChangeRequestSchema = z.object({ new_email: emailSchema }).meta({ id: 'EmailChangeRequest' });
export const verifyEmailChangeRequestSchema = z
  .object({ new_email: emailSchema, otp: otpSchema })
  .meta({ id: 'VerifyEmailChangeRequest' });
export const verifyEmailChangeResponseSchema = z
  .object({ message: z.string(), new_email: z.string() })
  .meta({ id: 'VerifyEmailChangeResponse' });

export const changePasswordRequestSchema = withPasswordConfirmation(
  {
    current_password: textField(
      'Current password',
      PASSWORD_MESSAGES.currentRequired,
      z.string().min(1, { error: PASSWORD_MESSAGES.currentRequired }).max(256),
    ),
    new_password: newPasswordSchema(PASSWORD_MESSAGES.newRequired),
    new_password_confirmation: passwordConfirmationSchema,
  },
  'new_password',
  'new_password_confirmation',
).meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
