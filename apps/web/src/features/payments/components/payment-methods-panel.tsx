import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { AUTO_PAY_TEXTS, brandLabel, PAYMENT_MESSAGES, type Card } from '@portal/contract';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { EmptyMessage, LoadFailedMessage, Panel } from '@/components/panel';
import { SUCCESS_GREEN } from '@/config/theme';
import { notifyError, notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSetDefaultCard } from '../api/auto-pay';
import { useCreateSetupIntent } from '../api/create-setup-intent';
import { usePaymentMethods } from '../api/list-payment-methods';
import { cardExpiry, maskedNumber } from '../utils/card-form';
import { AddCardModal } from './add-card-modal';

const COLUMNS: DataColumn<Card>[] = [
  { key: 'brand', header: 'Card type', cell: (card) => brandLabel(card.brand) },
  // On a phone's card the number names the card.
  {
    key: 'number',
    header: 'Card number',
    cell: (card) => (
      <Group gap="xs" wrap="nowrap">
        {maskedNumber(card.last4)}
        {card.is_default && (
          <Badge variant="light" styles={{ label: { overflow: 'visible' } }}>
            {AUTO_PAY_TEXTS.defaultBadge}
          </Badge>
        )}
      </Group>
    ),
    nowrap: true,
    card: 'title',
  },
  {
    key: 'status',
    header: 'Status',
    card: 'lead',
    cell: (card) => (
      // Filled, with white text above 4.5:1 in both schemes.
      <Badge
        variant="filled"
        color={card.status === 'active' ? SUCCESS_GREEN : 'red.9'}
        // The label's ellipsis lets a tight table squeeze the word away; the column makes room instead.
        styles={{ label: { overflow: 'visible' } }}
      >
        {card.status}
      </Badge>
    ),
  },
  { key: 'expiry', header: 'Expiry date', cell: cardExpiry, nowrap: true },
  { key: 'actions', header: 'Actions', cell: (card) => <MakeDefaultButton card={card} /> },
];

/**
 * A button making an active card the default (docs/product/payments.md, Automatic payment); the
 * default card has none, and an expired card cannot be the default.
 */
function MakeDefaultButton({ card }: { card: Card }) {
  const setDefault = useSetDefaultCard();
  if (card.is_default) return null;
  if (card.status !== 'active') return null;
  return (
    <Button
      size="compact-xs"
      variant="default"
      loading={setDefault.isPending}
      onClick={() =>
        setDefault.mutate(card.id, {
          onSuccess: (answer) => notifySuccess('Default card', answer.message),
          onError: (failure) => notifyRequestError(failure, 'Could not change the default card'),
        })
      }
    >
      {AUTO_PAY_TEXTS.makeDefault}
      <VisuallyHidden>: {maskedNumber(card.last4)}</VisuallyHidden>
    </Button>
  );
}

/**
 * Payment methods on /balance (docs/product/payments.md, Cards): the saved cards, and "Add
 * payment method", which asks for a setup intent and opens the card form with it.
 */
export function PaymentMethodsPanel() {
  const cards = usePaymentMethods();
  const setupIntent = useCreateSetupIntent();
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  useEffect(() => {
    if (cards.error) notifyRequestError(cards.error, 'Something went wrong');
  }, [cards.error]);

  const addCard = () => {
    if (setupIntent.isPending) return;
    setupIntent.mutate(undefined, {
      onSuccess: (answer) => setClientSecret(answer.client_secret),
      onError: () => notifyError('Stripe Error', PAYMENT_MESSAGES.setupIntentFailed),
    });
  };

  const loading = cards.data === undefined && !cards.isError;
  const rows = cards.data ?? [];

  return (
    <Panel
      title="Payment methods"
      actions={
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={setupIntent.isPending}
          onClick={addCard}
        >
          Add payment method
        </Button>
      }
    >
      {cards.isError ? (
        <LoadFailedMessage what="payment methods" onRetry={() => void cards.refetch()} />
      ) : !loading && rows.length === 0 ? (
        <EmptyMessage icon={<IconCreditCard aria-hidden />} title="No card attached" />
      ) : (
        <DataTable label="Payment methods" columns={COLUMNS} rows={rows} loading={loading} minWidth={320} />
      )}
      <AddCardModal clientSecret={clientSecret} onClose={() => setClientSecret(null)} />
    </Panel>
  );
}
