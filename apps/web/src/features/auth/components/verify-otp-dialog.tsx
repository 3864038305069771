import { SIGNUP_STEP } from '@portal/contract';
import { CodeVerificationForm, useCodeEntry } from '@/components/code-verification-form';
import { Dialog } from '@/components/dialog';
import { notifySuccess } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useRequestNewOtp } from '../api/request-new-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { notifySignupError } from '../utils/signup-errors';

interface VerifyOtpDialogProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  email: string;
}

/** VERIFY_OTP ("Activate account"): the code mailed at registration moves sign-up to step 2. */
export function VerifyOtpDialog({ opened, onClose, userId, email }: VerifyOtpDialogProps) {
  const entry = useCodeEntry();
  const verify = useVerifyOtp();
  const newOtp = useRequestNewOtp();

  return (
    <Dialog opened={opened} onClose={onClose} title="Activate account" centered>
      <CodeVerificationForm
        entry={entry}
        email={email}
        verifying={verify.isPending}
        resending={newOtp.isPending}
        onVerify={(otp) =>
          verify.mutate(
            { user_id: userId, otp },
            {
              onSuccess: (response) => {
                notifySuccess('Verified', response.message);
                // Step 2 closes this dialog and shows the personal info form.
                sessionStore.setSignupStep(SIGNUP_STEP.emailVerified);
              },
              onError: (failure) => {
                // The toast tells what was wrong; the boxes empty for the next try.
                entry.clearCode();
                entry.clearError();
                notifySignupError(failure);
              },
            },
          )
        }
        onResend={() =>
          newOtp.mutate(userId, {
            onSuccess: (response) => {
              entry.clearCode();
              entry.clearError();
              notifySuccess('OTP Sent', response.message);
            },
            onError: notifySignupError,
          })
        }
      />
    </Dialog>
  );
}
