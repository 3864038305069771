import { Stepper, VisuallyHidden } from '@mantine/core';
import { useSession } from '@/stores/session-store';
import classes from './signup-stepper.module.css';

/** docs/product/accounts.md, Sign-up: the header stepper shows three steps. */
const SIGNUP_STEPS = ['Account', 'Personal info', 'Billing'] as const;

/** Sign-up step (1 account, 2 code verified, 3 personal info saved, 4 billing saved) → stepper index. */
function stepperIndex(signupStep: number): number {
  return Math.min(Math.max(signupStep - 1, 0), SIGNUP_STEPS.length);
}

/**
 * The header's stepper. It is a picture of progress, not a control: screen readers get one
 * sentence instead of three buttons that do nothing.
 */
export function SignupStepper() {
  const active = stepperIndex(useSession((s) => s.signupStep));
  const current = SIGNUP_STEPS[active];
  return (
    <>
      <VisuallyHidden>
        {current ? `Sign-up step ${active + 1} of ${SIGNUP_STEPS.length}: ${current}` : 'Sign-up complete'}
      </VisuallyHidden>
      <Stepper
        active={active}
        size="sm"
        aria-hidden
        allowNextStepsSelect={false}
        classNames={{
          root: classes.stepper,
          steps: classes.steps,
          separator: classes.separator,
          stepBody: classes.stepBody,
          stepIcon: classes.stepIcon,
        }}
      >
        {SIGNUP_STEPS.map((label) => (
          <Stepper.Step key={label} label={label} allowStepSelect={false} />
        ))}
      </Stepper>
    </>
  );
}
