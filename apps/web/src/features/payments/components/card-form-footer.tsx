import { Alert } from '@mantine/core';
import { FormActions } from '@/components/form-actions';

/** The bottom of the card forms: why the card was refused, if it was, then Cancel and Save card. */
export function CardFormFooter({
  problem,
  pending,
  disabled,
  onCancel,
}: {
  problem: string | undefined;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <FormActions submitLabel="Save card" loading={pending} disabled={disabled} onCancel={onCancel} />
    </>
  );
}
