import { Alert, Box, Button, Center, Group, Loader, Radio, Skeleton, Stack, Text } from '@mantine/core';
import {
  dayCount,
  dueBreakdown,
  PAYMENT_MESSAGES,
  type Card,
  type Checkout,
  type PaymentActivity,
} from '@portal/contract';
import { IconAlertCircle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { Fact } from '@/components/fact';
import { EmptyMessage, Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { leavePortalFor } from '@/lib/navigation';
import { notifyRequestError } from '@/lib/notify';
import { useCheckout, usePayWithSandbox, useStartCheckoutSession } from '../api/checkout';
import { usePaymentMethods } from '../api/list-payment-methods';
import { cardFormErrors, cardName, cardServerErrors, type CardFormErrors } from '../utils/card-form';
import { SandboxCardFields, useCardFields } from './sandbox-card-fields';

/** What a payment covers: "7 days" of a daily budget, or "the whole campaign". */
const coversText = (coversDays: number | null): string =>
  coversDays === null ? 'the whole campaign' : dayCount(coversDays);

/** Why the link cannot be paid (any more). */
type Unpayable = 'not-found' | 'closed';

const NEW_CARD = 'new';

function BackToBalance() {
  return (
    <Button component={Link} to={paths.balance} variant="default">
      Back to Balance
    </Button>
  );
}

/** A page-sized message with the way back to /balance. */
function CheckoutMessage({ icon, title, description }: { icon: ReactNode; title: string; description?: string }) {
  return (
    <Panel title="Checkout">
      <EmptyMessage icon={icon} title={title} description={description} />
      <Group justify="center">
        <BackToBalance />
      </Group>
    </Panel>
  );
}

function NotPayable({ reason, status }: { reason: Unpayable; status?: Checkout['status'] }) {
  if (reason === 'not-found') {
    return <CheckoutMessage icon={<IconLinkOff aria-hidden />} title={PAYMENT_MESSAGES.linkNotFound} />;
  }
  const description =
    status === 'paid'
      ? 'This campaign has been paid for with it.'
      : status === 'cancelled'
        ? 'It was cancelled when its campaign was archived.'
        : 'It cannot be paid any more.';
  return (
    <CheckoutMessage icon={<IconLinkOff aria-hidden />} title={PAYMENT_MESSAGES.linkClosed} description={description} />
  );
}

function PaymentReceived({ payment }: { payment: PaymentActivity }) {
  return (
    <Panel title="Checkout">
      <Stack align="center" gap="md" ta="center" py="md">
        <IconCircleCheck size={48} aria-hidden color="var(--mantine-color-green-7)" />
        <Text fw={600} size="lg" role="status">
          {PAYMENT_MESSAGES.paid}
        </Text>
        <Text>
          {formatUsd(payment.amount)} paid for {payment.campaign_name}.
        </Text>
        <Group justify="center" gap="md">
          <ExternalLink href={payment.receipt_url}>View receipt</ExternalLink>
          <BackToBalance />
        </Group>
      </Stack>
    </Panel>
  );
}

/** The saved cards to pay with, expired ones shown but not offered, and "A new card". */
function SavedCardChoice({
  saved,
  chosen,
  refusedId,
  onChoose,
}: {
  saved: Card[];
  chosen: string;
  /** The message's id when the chosen card was refused. */
  refusedId: string | undefined;
  onChoose: (value: string) => void;
}) {
  return (
    <Radio.Group label="Pay with" value={chosen} onChange={onChoose}>
      <Stack gap="xs" mt="xs">
        {saved.map((card) => (
          <Radio
            key={card.id}
            value={String(card.id)}
            disabled={card.status !== 'active'}
            label={card.status === 'active' ? cardName(card) : `${cardName(card)} (expired)`}
            // A refusal of the saved card paid with is that option's error.
            {...(refusedId && chosen === String(card.id)
              ? { 'aria-invalid': true, 'aria-describedby': refusedId }
              : {})}
          />
        ))}
        <Radio value={NEW_CARD} label="A new card" />
      </Stack>
    </Radio.Group>
  );
}

/** The customer's saved cards, and the one chosen to pay with: by default the first that is active, else a new card. */
function useCardChoice() {
  const cards = usePaymentMethods();
  const [choice, setChoice] = useState<string | null>(null);
  const saved = cards.isError ? [] : (cards.data ?? []);
  const firstActive = saved.find((card) => card.status === 'active');
  const chosen = choice ?? (firstActive ? String(firstActive.id) : NEW_CARD);
  return { saved, chosen, setChoice, loadingCards: cards.data === undefined && !cards.isError };
}

/**
 * Shows why a sandbox payment failed: a refused card on its fields and in the form's alert,
 * anything else as a toast. A link that cannot be paid any more shows nothing here: its reason
 * is answered for the page to show instead.
 */
function showRefusal(
  error: unknown,
  show: { setErrors: (errors: CardFormErrors) => void; setProblem: (problem: string) => void },
): Unpayable | undefined {
  if (isApiError(error) && error.status === 409) return 'closed';
  if (isApiError(error) && error.status === 404) return 'not-found';
  const refused = cardServerErrors(error);
  if (isApiError(error) && error.status === 422) {
    show.setErrors(refused?.fields ?? {});
    show.setProblem(error.serverMessage ?? refused?.other.join(' ') ?? PAYMENT_MESSAGES.cardOrSavedCard);
  } else {
    notifyRequestError(error, 'Something went wrong');
  }
  return undefined;
}

/** The sandbox's payment: a saved card or a new one, paid on this page. */
function SandboxPayment({
  token,
  checkout,
  onPaid,
  onUnpayable,
}: {
  token: string;
  checkout: Checkout;
  onPaid: (payment: PaymentActivity) => void;
  onUnpayable: (reason: Unpayable) => void;
}) {
  const pay = usePayWithSandbox(token);
  const focusFirstInvalid = useFocusFirstInvalid();
  const { saved, chosen, setChoice, loadingCards } = useCardChoice();
  const { values, setErrors, fields } = useCardFields();
  const [problem, setProblem] = useState<string>();
  const problemId = useId();

  const submit = (form: HTMLFormElement) => {
    if (pay.isPending || loadingCards) return;
    setProblem(undefined);
    let body;
    if (chosen === NEW_CARD) {
      const invalid = cardFormErrors(values, new Date());
      setErrors(invalid ?? {});
      if (invalid) {
        focusFirstInvalid(form);
        return;
      }
      body = values;
    } else {
      body = { payment_method_id: Number(chosen) };
    }
    // Pay waits disabled, which takes its focus: after a refusal the keyboard goes to what was
    // refused (a field, or the chosen saved card), else back to the button.
    const payButton = () => form.querySelector<HTMLElement>('button[type="submit"]');
    pay.mutate(body, {
      onSuccess: (answer) => onPaid(answer.data),
      onError: (error) => {
        const unpayable = showRefusal(error, { setErrors, setProblem });
        if (unpayable) onUnpayable(unpayable);
        else focusFirstInvalid(form, payButton);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <Stack gap="md">
        {loadingCards ? (
          <Skeleton h={96} aria-busy="true" />
        ) : saved.length > 0 ? (
          <SavedCardChoice
            saved={saved}
            chosen={chosen}
            refusedId={problem ? problemId : undefined}
            onChoose={(value) => {
              setChoice(value);
              setProblem(undefined);
            }}
          />
        ) : null}
        {!loadingCards && chosen === NEW_CARD && <SandboxCardFields {...fields} />}
        {problem && (
          <Alert id={problemId} color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {problem}
          </Alert>
        )}
        <Button type="submit" size="md" loading={pay.isPending} disabled={loadingCards}>
          Pay {formatUsd(checkout.amount)}
        </Button>
      </Stack>
    </form>
  );
}

/** With Stripe: the payment is taken on Stripe's Checkout page, for this link. */
function StripePayment({
  token,
  checkout,
  onUnpayable,
}: {
  token: string;
  checkout: Checkout;
  onUnpayable: (reason: Unpayable) => void;
}) {
  const session = useStartCheckoutSession(token);
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      size="md"
      loading={session.isPending || leaving}
      onClick={() =>
        session.mutate(undefined, {
          onSuccess: (answer) => {
            setLeaving(true);
            leavePortalFor(answer.url);
          },
          onError: (error) => {
            if (isApiError(error) && error.status === 409) return onUnpayable('closed');
            if (isApiError(error) && error.status === 404) return onUnpayable('not-found');
            notifyRequestError(error, 'Something went wrong');
          },
        })
      }
    >
      Pay {formatUsd(checkout.amount)}
    </Button>
  );
}

/**
 * A payment link's checkout (docs/product/payments.md, The sandbox's checkout page): the
 * campaign, the amount and what it covers, and "Pay $X.XX". In the sandbox the customer pays
 * here with a saved card or a new one; with Stripe, on Stripe's Checkout page.
 */
export function CheckoutView({ token }: { token: string }) {
  const checkout = useCheckout(token);
  const [paid, setPaid] = useState<PaymentActivity | null>(null);
  const [unpayable, setUnpayable] = useState<Unpayable | null>(null);

  const loadError = checkout.error;
  useEffect(() => {
    if (loadError && !(isApiError(loadError) && loadError.status === 404)) {
      notifyRequestError(loadError, 'Something went wrong');
    }
  }, [loadError]);

  let content: ReactNode;
  if (paid) {
    content = <PaymentReceived payment={paid} />;
  } else if (unpayable) {
    content = <NotPayable reason={unpayable} />;
  } else if (checkout.isError) {
    content =
      isApiError(checkout.error) && checkout.error.status === 404 ? (
        <NotPayable reason="not-found" />
      ) : (
        <CheckoutMessage
          icon={<IconAlertCircle aria-hidden />}
          title="Something went wrong"
          description="The payment link could not be loaded. Please try again."
        />
      );
  } else if (!checkout.data) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the payment" />
      </Center>
    );
  } else if (checkout.data.status !== 'open') {
    content = <NotPayable reason="closed" status={checkout.data.status} />;
  } else {
    const data = checkout.data;
    content = (
      <Panel title={data.campaign_name}>
        <Stack gap="lg">
          <Fact label="Amount">
            <Text fz={28} fw={700} lh={1.2} component="span" display="block">
              {formatUsd(data.amount)}
            </Text>
            <Text size="sm" c="dimmed" component="span" display="block">
              {dueBreakdown(data)}
            </Text>
          </Fact>
          <Text size="sm">This payment covers {coversText(data.covers_days)}.</Text>
          {data.provider === 'stripe' ? (
            <StripePayment token={token} checkout={data} onUnpayable={setUnpayable} />
          ) : (
            <SandboxPayment token={token} checkout={data} onUnpayable={setUnpayable} onPaid={setPaid} />
          )}
        </Stack>
      </Panel>
    );
  }

  return (
    <Box maw={560} mx="auto">
      {content}
    </Box>
  );
}
