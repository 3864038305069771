import { Switch, Text } from '@mantine/core';
import { AUTO_PAY_TEXTS } from '@portal/contract';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSwitchAutoPay } from '../api/auto-pay';

/**
 * The switch of automatic payment on the Current Balance card (docs/product/payments.md,
 * Automatic payment), with its one sentence; it needs a default card, and says so without one.
 */
export function AutoPaySwitch({ on, hasDefaultCard }: { on: boolean; hasDefaultCard: boolean }) {
  const switchAutoPay = useSwitchAutoPay();
  // While a change is saved, the switch shows the value asked for.
  const checked = switchAutoPay.isPending ? switchAutoPay.variables : on;
  return (
    <div>
      <Switch
        label={AUTO_PAY_TEXTS.label}
        description={AUTO_PAY_TEXTS.explanation}
        checked={checked}
        disabled={switchAutoPay.isPending || (!on && !hasDefaultCard)}
        onChange={(event) =>
          switchAutoPay.mutate(event.currentTarget.checked, {
            onSuccess: (answer) => notifySuccess(AUTO_PAY_TEXTS.label, answer.message),
            onError: (failure) => notifyRequestError(failure, 'Could not change automatic payment'),
          })
        }
      />
      {!on && !hasDefaultCard && (
        <Text size="sm" c="dimmed" mt={4} ml={54}>
          {AUTO_PAY_TEXTS.needsCard}
        </Text>
      )}
    </div>
  );
}
