import { IconUserPlus } from '@tabler/icons-react';
import { ComingSoon } from '../components/coming-soon';

export function SignupPage() {
  return (
    <>
      <title>Create new account</title>
      <ComingSoon
        icon={<IconUserPlus aria-hidden />}
        title="Create new account"
        description="Signing up online is coming soon. Until then, ask your contact at the portal to create your account."
      />
    </>
  );
}
