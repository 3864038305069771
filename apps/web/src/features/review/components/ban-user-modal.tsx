import { Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isAdminRole, REVIEW_MESSAGES, type ListedUser } from '@portal/contract';
import { Dialog } from '@/components/dialog';
import { SUCCESS_GREEN } from '@/config/theme';
import { useAdminUser } from '../api/users';
import { HistoryList } from './history-list';

export const userName = (user: Pick<ListedUser, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * BAN_USER (docs/product/review.md, Bans): confirms a ban or an unban, saying what a ban will
 * switch off, with the user's history. Focus starts on Cancel, the safe choice.
 */
export function BanUserModal({
  user,
  opened,
  toggling,
  onClose,
  onConfirm,
}: {
  user: ListedUser | null;
  opened: boolean;
  toggling: boolean;
  onClose: () => void;
  onConfirm: (user: ListedUser) => void;
}) {
  const details = useAdminUser(opened && user ? user.id : null);
  if (!user) return null;
  const banning = user.status;
  const name = userName(user);
  const touched = details.data?.campaigns_to_switch_off;

  return (
    <Dialog opened={opened} onClose={onClose} title={banning ? `Ban ${name}?` : `Unban ${name}?`} centered>
      <Stack>
        {isAdminRole(user.type) ? (
          <Text size="sm">{REVIEW_MESSAGES.cannotBanAdmin}.</Text>
        ) : banning ? (
          <>
            <Text size="sm">
              {name} will be signed out everywhere at once and cannot log in until unbanned. Their campaigns, payments
              and figures stay as they are.
            </Text>
            {touched === undefined ? (
              <Skeleton h={40} aria-label="Loading their campaigns" />
            ) : touched.length === 0 ? (
              <Text size="sm">None of their campaigns is running or waiting for review.</Text>
            ) : (
              <div>
                <Text size="sm" fw={500}>
                  These campaigns will be switched off:
                </Text>
                <List size="sm" withPadding>
                  {touched.map((campaign) => (
                    <List.Item key={campaign.id}>
                      {campaign.campaign_name} ({campaign.approval_status === 'approved' ? 'approved' : 'pending'})
                    </List.Item>
                  ))}
                </List>
              </div>
            )}
          </>
        ) : (
          <Text size="sm">
            {name} will be able to log in again. Their campaigns stay off until they switch them on.
          </Text>
        )}
        <div>
          <Title order={3} size="h6" mb="xs">
            History
          </Title>
          {details.data ? (
            <HistoryList entries={details.data.history} emptyText="No earlier bans or decisions" withCampaigns />
          ) : (
            <Skeleton h={40} aria-label="Loading the history" />
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          {!isAdminRole(user.type) && (
            <Button color={banning ? 'red.9' : SUCCESS_GREEN} loading={toggling} onClick={() => onConfirm(user)}>
              {banning ? 'Ban user' : 'Unban user'}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
