import { IconLock } from '@tabler/icons-react';
import { ComingSoon } from '../components/coming-soon';

export function PasswordSetupPage() {
  return (
    <>
      <title>Set a new password</title>
      <ComingSoon
        icon={<IconLock aria-hidden />}
        title="Set a new password"
        description="Setting a new password from an e-mailed link is coming soon. This link cannot be used yet."
      />
    </>
  );
}
