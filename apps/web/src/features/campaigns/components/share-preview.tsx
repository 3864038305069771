import { Button, Group, Stack, Text } from '@mantine/core';
import { SHARED_LINK_LIMITS, SHARED_LINK_TEXTS, type CreatedSharedLink } from '@portal/contract';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { SharedLinkMade } from '@/components/shared-link-made';
import { notifyRequestError } from '@/lib/notify';
import { useSharePreview } from '../api/share-preview';

/**
 * "Share preview" (docs/product/campaigns.md, Preview share links): a link to the campaign's ad
 * as it stands, for someone without an account, such as an agency's client before paying.
 */
export function SharePreviewDialog({
  campaignId,
  name,
  opened,
  onClose,
}: {
  campaignId: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const share = useSharePreview();
  const [made, setMade] = useState<CreatedSharedLink | null>(null);
  const close = () => {
    onClose();
    setMade(null);
  };
  const create = () =>
    share.mutate(campaignId, {
      onSuccess: (answer) => setMade(answer.data),
      onError: (error) => notifyRequestError(error, 'Could not share'),
    });
  return (
    <Dialog opened={opened} onClose={close} title={made ? SHARED_LINK_TEXTS.madeTitle : `Share the preview of ${name}`}>
      {made ? (
        <SharedLinkMade link={made} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            A read-only page with the ad as it stands now (its texts, link and files), for someone without an account.
            The link works for {SHARED_LINK_LIMITS.previewDays} days, and each view is counted on My account.
          </Text>
          <Group justify="flex-end">
            <Button loading={share.isPending} onClick={create} data-autofocus>
              Create link
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

/** The wizard's review step's way to share the draft's preview. */
export function SharePreviewButton({ campaignId, name }: { campaignId: number; name: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Share preview
      </Button>
      <SharePreviewDialog campaignId={campaignId} name={name} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
