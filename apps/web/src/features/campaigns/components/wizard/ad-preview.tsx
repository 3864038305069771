import { ActionIcon, Anchor, Avatar, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { useMediaViewUrl } from './use-media-view-url';
import type { MediaItem } from './use-media-uploads';

function PreviewMedia({ item }: { item: MediaItem }) {
  const viewUrl = useMediaViewUrl(item.localUrl ? undefined : item.key, item.url);
  const source = item.localUrl ?? viewUrl;
  if (!source) return <IconPhoto size={48} aria-hidden />;
  return item.kind === 'video' ? (
    <video src={source} controls playsInline style={{ width: '100%', height: '100%', objectFit: 'contain' }}>
      <track kind="captions" />
    </video>
  ) : (
    <Image src={source} alt={item.name} h="100%" w="100%" fit="contain" />
  );
}

const ARROWS = {
  left: { label: 'Previous file', Icon: IconChevronLeft },
  right: { label: 'Next file', Icon: IconChevronRight },
} as const;

/** The carousel's way back (on the left) or on (on the right), over the file. */
function CarouselArrow({
  side,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  disabled: boolean;
  onClick: () => void;
}) {
  const { label, Icon } = ARROWS[side];
  return (
    <ActionIcon
      variant="white"
      radius="xl"
      pos="absolute"
      left={side === 'left' ? 8 : undefined}
      right={side === 'right' ? 8 : undefined}
      top="50%"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** The post's files one at a time, with arrows and a count when there are several. */
function PreviewCarousel({ media }: { media: MediaItem[] }) {
  const [index, setIndex] = useState(0);
  const shown = media[Math.min(index, media.length - 1)];
  return (
    <Box pos="relative" bg="dark.9" style={{ aspectRatio: '1 / 1' }}>
      <Group justify="center" h="100%">
        {shown ? <PreviewMedia key={shown.id} item={shown} /> : <IconPhoto size={48} color="white" aria-hidden />}
      </Group>
      {media.length > 1 && (
        <>
          <CarouselArrow
            side="left"
            disabled={index === 0}
            onClick={() => setIndex((current) => Math.max(current - 1, 0))}
          />
          <CarouselArrow
            side="right"
            disabled={index >= media.length - 1}
            onClick={() => setIndex((current) => Math.min(current + 1, media.length - 1))}
          />
          <Text
            size="xs"
            c="white"
            pos="absolute"
            right={8}
            top={8}
            bg="rgba(0,0,0,.6)"
            px={6}
            style={{ borderRadius: 8 }}
          >
            {Math.min(index, media.length - 1) + 1}/{media.length}
          </Text>
        </>
      )}
    </Box>
  );
}

/** The "Learn more" bar under the files, with the destination link when there is one. */
function CallToAction({ destinationUrl }: { destinationUrl: string }) {
  return (
    <Group justify="space-between" px="sm" py={8} bg="var(--mantine-color-default-hover)">
      <Text size="sm" fw={600}>
        Learn more
      </Text>
      {destinationUrl && (
        // The page's text colour, underlined: the link colour is too faint on this grey in the dark theme.
        <Anchor
          href={destinationUrl}
          size="xs"
          c="var(--mantine-color-text)"
          underline="always"
          {...NEW_TAB_PROPS}
          truncate="end"
          maw="60%"
        >
          {destinationUrl}
          <NewTabHint />
        </Anchor>
      )}
    </Group>
  );
}

/**
 * The post as it would look on an Instagram page (docs/product/campaigns.md, Review and
 * publish): the account, "Sponsored", the images as a carousel or the video in a player, a
 * call to action to the destination link, and the texts.
 */
export function AdPreview({
  accountName,
  media,
  primaryText,
  additionalText,
  destinationUrl,
}: {
  accountName: string;
  media: MediaItem[];
  primaryText: string;
  additionalText: string;
  destinationUrl: string;
}) {
  return (
    <Card withBorder padding={0} maw={400} w="100%" aria-label="Preview of the ad" component="figure" m={0}>
      <Group gap="xs" p="sm">
        <Avatar size="sm" color="brand" name={accountName} alt="" />
        <div>
          <Text size="sm" fw={600} lh={1.2}>
            {accountName}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            Sponsored
          </Text>
        </div>
      </Group>
      <PreviewCarousel media={media} />
      <CallToAction destinationUrl={destinationUrl} />
      <Stack gap={4} p="sm" component="figcaption">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {accountName}
          </Text>{' '}
          {primaryText}
        </Text>
        {additionalText && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {additionalText}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
