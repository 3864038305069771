import { AspectRatio, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { settings } from '@/config/settings';
import { useSession } from '@/stores/session-store';
import { isVideoFile, markWelcomeVideoShown } from '../utils/welcome-video';

function WelcomeVideo({ url }: { url: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {isVideoFile(url) ? (
        <video src={url} controls preload="metadata" aria-label="Welcome video" />
      ) : (
        <iframe src={url} title="Welcome video" allow="fullscreen; picture-in-picture" style={{ border: 0 }} />
      )}
    </AspectRatio>
  );
}

/** Without a configured video, a few written lines rather than an empty player (docs/product/accounts.md). */
function WrittenWelcome() {
  return (
    <Stack gap="xs">
      <Text>We are glad to have you here. A few things to get you started:</Text>
      <Text component="ul" m={0} pl="lg">
        <li>Create a campaign from the Campaigns page and send it for review.</li>
        <li>Follow its reach and results on the Dashboard and in Analytics.</li>
        <li>Pay for approved campaigns and find your receipts under Balance.</li>
      </Text>
      <Text>
        Questions? Write to <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>.
      </Text>
    </Stack>
  );
}

/** WELCOME_VIDEO: a customer's first login; closing it, however, records that it was shown. */
export function WelcomeVideoModal() {
  const userId = useSession((s) => s.userId);
  const [opened, setOpened] = useState(true);
  const close = () => {
    if (userId !== null) markWelcomeVideoShown(userId);
    setOpened(false);
  };
  const url = settings.welcomeVideoUrl;
  return (
    <Dialog opened={opened} onClose={close} title={`Welcome to ${settings.productName}!`} size="lg" centered>
      <Stack gap="md">
        {url ? <WelcomeVideo url={url} /> : <WrittenWelcome />}
        <Group justify="flex-end">
          <Button onClick={close}>Get started</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
