import { Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const STEP_LABELS = ['Campaign details', 'Ad creative', 'Review'] as const;

/**
 * The three-step indicator; on a phone, numbered circles and the current step's name in words.
 * It is a picture of progress, not a control: Mantine draws each step as a button that does
 * nothing here, whose visible text ("1Campaign details") no name could match. Screen readers
 * get the one sentence instead, which a phone also shows, as the sign-up header does.
 */
export function WizardStepper({ step }: { step: 1 | 2 | 3 }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const sentence = `Step ${step} of ${STEP_LABELS.length}: ${STEP_LABELS[step - 1]}`;
  return (
    <Stack gap={6}>
      <Stepper active={step - 1} size="sm" allowNextStepsSelect={false} aria-hidden>
        {STEP_LABELS.map((label) => (
          <Stepper.Step key={label} label={narrow ? undefined : label} />
        ))}
      </Stepper>
      {narrow ? (
        <Text size="sm" fw={500} ta="center">
          {sentence}
        </Text>
      ) : (
        <VisuallyHidden>{sentence}</VisuallyHidden>
      )}
    </Stack>
  );
}
