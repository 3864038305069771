import { ActionIcon, CopyButton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { SHARED_LINK_TEXTS, type CreatedSharedLink } from '@portal/contract';
import { formatDate } from '@/lib/format';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A shared link just made (docs/product/campaigns.md, Preview share links; insights.md, Report
 * links): its whole address, to copy now, as the server keeps only its hash and cannot show it
 * again, and when it stops working.
 */
export function SharedLinkMade({ link }: { link: CreatedSharedLink }) {
  const address = `${window.location.origin}${link.path}`;
  return (
    <Stack gap="xs">
      <TextInput
        label="Link"
        value={address}
        readOnly
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
        rightSection={
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? 'Copied' : 'Copy link'}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Text size="sm" c="dimmed">
        {SHARED_LINK_TEXTS.made(formatDate(link.expires_at))}
      </Text>
    </Stack>
  );
}
