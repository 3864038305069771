import { SIGNUP_STEP } from '@portal/contract';
import { Alert, Button, Center, Flex, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useStepFocus } from '@/lib/use-step-focus';
import { NO_SIGNUP_STEP, sessionStore, useSession } from '@/stores/session-store';
import { useSignupSession } from '../api/get-signup-session';
import { SignupAccountForm } from '../components/signup-account-form';
import { SignupBillingForm } from '../components/signup-billing-form';
import { SignupComplete } from '../components/signup-complete';
import { SignupPersonalInfoForm } from '../components/signup-personal-info-form';
import { VerifyOtpDialog } from '../components/verify-otp-dialog';

/**
 * One step's page. Its heading is where the focus goes when the step is reached from the one
 * before (`focusRef`, the sign-up's step focus): the previous step's button is gone.
 */
function StepLayout({
  pageTitle,
  heading,
  intro,
  width = 440,
  focusRef,
  children,
}: {
  pageTitle: string;
  heading?: string;
  intro?: string;
  width?: number;
  focusRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <Flex justify="center" w="100%" p={{ base: 'md', sm: 'xl' }}>
      <title>{pageTitle}</title>
      <Stack ref={focusRef} gap="lg" w="100%" maw={width}>
        {heading && (
          <Stack gap={4}>
            <Title order={1} tabIndex={-1} data-autofocus>
              {heading}
            </Title>
            {intro && <Text c="dimmed">{intro}</Text>}
          </Stack>
        )}
        {children}
      </Stack>
    </Flex>
  );
}

/** Step 1, with the code dialog over it once an account is registered (or resumed at step 1). */
function AccountStep({ focusRef }: { focusRef: RefObject<HTMLDivElement | null> }) {
  const pending = useSession((s) => (s.token ? null : s.user));
  // Resuming at step 1 from the login page arrives with the user already known: open at once.
  const [dialogOpen, setDialogOpen] = useState(pending !== null);
  return (
    <StepLayout
      focusRef={focusRef}
      pageTitle="Create new account"
      heading="Create new account"
      intro="Enter your e-mail address and choose a password. We will e-mail you a code to activate the account."
    >
      {pending && !dialogOpen && (
        <Alert color="blue" title="Activate your account">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Enter the code we sent to <strong style={{ overflowWrap: 'anywhere' }}>{pending.email}</strong>.
            </Text>
            <Button size="xs" onClick={() => setDialogOpen(true)}>
              Enter code
            </Button>
          </Stack>
        </Alert>
      )}
      <SignupAccountForm onRegistered={() => setDialogOpen(true)} />
      {pending && (
        <VerifyOtpDialog
          opened={dialogOpen}
          onClose={() => setDialogOpen(false)}
          userId={pending.id}
          email={pending.email}
        />
      )}
    </StepLayout>
  );
}

/**
 * Multi-step sign-up (docs/product/accounts.md, Sign-up): 1 account details and the code
 * dialog, 2 code verified → personal info, 3 personal info saved → billing, 4 billing saved →
 * the "ready" screen. The step lives in the session store, so the header's stepper and
 * profile chip follow it, and the login page can resume a sign-up at the step the server gives.
 */
export function SignupPage() {
  const step = useSession((s) => s.signupStep);
  const userId = useSession((s) => s.user?.id);

  // Opened afresh (a link or a reload) rather than from the login page or a resume: the
  // browser's sign-up cookie may still stand for an unfinished sign-up, so the server is asked
  // where it stands; without one, sign-up starts at 1.
  const openedAfresh = step === NO_SIGNUP_STEP;
  const signupSession = useSignupSession({ enabled: openedAfresh });
  const stepStart = useStepFocus<HTMLDivElement>(openedAfresh ? undefined : step);
  useEffect(() => {
    if (!openedAfresh) return;
    const user = signupSession.data?.user;
    if (user) sessionStore.resumeSignup(user);
    // No sign-up in this browser, or the server could not tell: the page starts at the first step.
    else if (signupSession.isSuccess || signupSession.isError) sessionStore.restartSignup();
  }, [openedAfresh, signupSession.isSuccess, signupSession.isError, signupSession.data]);

  if (openedAfresh) {
    return (
      <Center w="100%" p="xl">
        <Loader aria-label="Loading your sign-up" />
      </Center>
    );
  }

  // Steps after the first act for the registered user; without one, sign-up starts over.
  if (userId === undefined || step <= SIGNUP_STEP.accountCreated) return <AccountStep focusRef={stepStart} />;

  if (step === SIGNUP_STEP.emailVerified) {
    return (
      <StepLayout
        focusRef={stepStart}
        pageTitle="Personal info"
        heading="Personal info"
        intro="Tell us who you are. A photo is optional."
      >
        <SignupPersonalInfoForm userId={userId} />
      </StepLayout>
    );
  }

  if (step === SIGNUP_STEP.personalInfoSaved) {
    return (
      <StepLayout
        focusRef={stepStart}
        pageTitle="Billing details"
        heading="Billing details"
        intro="Let's complete your account for a smoother experience"
        width={640}
      >
        <SignupBillingForm userId={userId} />
      </StepLayout>
    );
  }

  return (
    <StepLayout focusRef={stepStart} pageTitle="Your Account is ready!">
      <SignupComplete />
    </StepLayout>
  );
}
