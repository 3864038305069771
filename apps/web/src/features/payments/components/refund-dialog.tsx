import { NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AdminPayment,
  refundAmountError,
  REFUND_LIMITS,
  REFUND_MESSAGES,
  refundRequestSchema,
} from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { FormActions } from '@/components/form-actions';
import { isApiError } from '@/lib/api-error';
import { showFormError, useFocusFirstInvalid } from '@/lib/form-errors';
import { formatDate, formatUsd } from '@/lib/format';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { useRefundPayment } from '../api/admin-payments';

interface RefundValues {
  /** As the field gives it: a number, or text while it is empty or being typed ("5.00"). */
  amount: number | string;
  reason: string;
}

/** The amount typed, as a number; NaN while there is none. */
const amountOf = (amount: number | string) =>
  typeof amount === 'number' ? amount : amount.trim() === '' ? Number.NaN : Number(amount);

const resolveSchema = schemaResolver(refundRequestSchema, { sync: true });

/** The contract's rules, and the amount within what is left of this payment (the server checks both again). */
function refundErrors(values: RefundValues, refundable: number): Record<string, string> {
  const errors = resolveSchema(values) as Record<string, string>;
  const amount = amountOf(values.amount);
  const tooMuch = Number.isFinite(amount) ? refundAmountError(amount, refundable) : undefined;
  return !errors.amount && tooMuch ? { ...errors, amount: tooMuch } : errors;
}

/** The amount on the submit button, once it is one: "Refund $20.50". */
const submitLabel = (typed: number | string) => {
  const amount = amountOf(typed);
  return Number.isFinite(amount) && amount > 0 ? `Refund ${formatUsd(amount)}` : 'Refund';
};

/**
 * A refund the provider did not answer: it is pending and settles by itself, so there is nothing
 * to fix in the form; the toast says so. (Another 503, the portal itself unavailable, is a failure.)
 */
function isPending(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 503 || error.serverMessage !== REFUND_MESSAGES.pending) return false;
  notifyWarning('Refund pending', REFUND_MESSAGES.pending);
  return true;
}

function RefundForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const refund = useRefundPayment();
  const focusFirstInvalid = useFocusFirstInvalid();
  const form = useForm<RefundValues>({
    initialValues: { amount: payment.refundable, reason: '' },
    validate: (values) => refundErrors(values, payment.refundable),
  });

  const send = ({ amount, reason }: RefundValues, element: HTMLFormElement | null) => {
    if (refund.isPending) return;
    refund.mutate(
      { id: payment.id, body: { amount: amountOf(amount), reason: reason.trim() } },
      {
        onSuccess: (answer) => {
          notifySuccess('Refund made', answer.message);
          onDone();
        },
        onError: (error) => {
          if (isPending(error)) {
            onDone();
            return;
          }
          showFormError(form, error, 'Refund failed');
          focusFirstInvalid(element);
        },
      },
    );
  };
  // The form element comes with the submit event: where the keyboard goes back to what is refused.
  const formOf = (event: FormEvent<HTMLFormElement> | undefined) => event?.currentTarget ?? null;
  const submit = form.onSubmit(
    (values, event) => send(values, formOf(event)),
    (_errors, _values, event) => focusFirstInvalid(formOf(event)),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {formatUsd(payment.amount)} paid for &ldquo;{payment.campaign_name}&rdquo; on {formatDate(payment.created_at)}
          {payment.payment_method ? ` with ${payment.payment_method}` : ''}. Refunded so far:{' '}
          {formatUsd(payment.refunded)}. Left to refund: {formatUsd(payment.refundable)}.
        </Text>
        <NumberInput
          label="Amount (USD)"
          prefix="$"
          min={0}
          allowNegative={false}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          hideControls
          {...form.getInputProps('amount')}
        />
        <Textarea
          label="Reason"
          autosize
          minRows={3}
          maxLength={REFUND_LIMITS.reasonMaxLength}
          description={`The customer reads it. ${form.values.reason.length}/${REFUND_LIMITS.reasonMaxLength} characters`}
          {...form.getInputProps('reason')}
        />
        <FormActions submitLabel={submitLabel(form.values.amount)} loading={refund.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/**
 * Refunds a payment in full or in part, with a reason (docs/product/payments.md, Refunds). The
 * amount starts at what is left to refund. Each opening starts afresh (its key), so a reason
 * typed before and abandoned never reaches another customer.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  // The payment stays drawn while the dialog fades out after closing; each opening is a new form.
  const [shown, setShown] = useState(payment);
  const [openings, setOpenings] = useState(payment ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(payment !== null);
  if ((payment !== null) !== wasOpened) {
    setWasOpened(payment !== null);
    if (payment) {
      setShown(payment);
      setOpenings(openings + 1);
    }
  }
  return (
    <Dialog opened={payment !== null} onClose={onClose} title="Refund payment" centered>
      {shown && <RefundForm key={openings} payment={shown} onDone={onClose} />}
    </Dialog>
  );
}
