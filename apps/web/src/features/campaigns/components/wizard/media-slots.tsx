import {
  ActionIcon,
  Badge,
  Card,
  FileButton,
  FOCUS_CLASS_NAMES,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { MEDIA_LIMITS } from '@portal/contract';
import { IconCheck, IconFileAlert, IconMovie, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { SUCCESS_GREEN } from '@/config/theme';
import { useMediaViewUrl } from './use-media-view-url';
import type { MediaItem } from './use-media-uploads';

/** The add button's words, and the name of both it and the hidden file field behind it. */
const ADD_MEDIA = 'Add image or video';

const ACCEPT = '.png,.jpg,.jpeg,.webp,.mp4,image/png,image/jpeg,image/webp,video/mp4';

/** A file's picture: the chosen bytes while they upload, then the stored file through a view address. */
function MediaThumb({ item }: { item: MediaItem }) {
  if (item.state === 'refused') return <IconFileAlert size={40} color="var(--mantine-color-error)" aria-hidden />;
  return <MediaPicture item={item} />;
}

function MediaPicture({ item }: { item: MediaItem }) {
  const viewUrl = useMediaViewUrl(item.localUrl ? undefined : item.key, item.url);
  const source = item.localUrl ?? viewUrl;
  if (item.kind === 'video') {
    return source ? (
      <video
        src={source}
        muted
        preload="metadata"
        style={{ width: '100%', height: 96, objectFit: 'cover' }}
        aria-hidden
      />
    ) : (
      <IconMovie size={40} aria-hidden />
    );
  }
  return <Image src={source} alt="" h={96} fit="cover" radius="sm" />;
}

/** Where a file is: its upload's progress, Uploaded, or Refused (the reason shows below). */
function MediaState({ item }: { item: MediaItem }) {
  if (item.state === 'uploading') {
    return (
      <Progress value={item.percent} size="sm" style={{ flex: 1 }} aria-label={`Uploading ${item.name}`} animated />
    );
  }
  if (item.state === 'refused') {
    return (
      <Badge size="xs" color="red" variant="filled">
        Refused
      </Badge>
    );
  }
  return (
    <Badge size="xs" color={SUCCESS_GREEN} variant="filled" leftSection={<IconCheck size={10} aria-hidden />}>
      Uploaded
    </Badge>
  );
}

/** One file's card: its picture, name and state, a Remove button, and why it was refused. */
function MediaCard({ item, onRemove }: { item: MediaItem; onRemove: (item: MediaItem) => void }) {
  return (
    <Card withBorder padding="xs" role="listitem" aria-label={item.name}>
      <Card.Section>
        <Group justify="center" h={96} bg="var(--mantine-color-default-hover)">
          <MediaThumb item={item} />
        </Group>
      </Card.Section>
      <Text size="xs" mt={6} truncate="end" title={item.name}>
        {item.name}
      </Text>
      <Group justify="space-between" gap={4} wrap="nowrap" mt={4}>
        <MediaState item={item} />
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Remove ${item.name}`}
          loading={item.state === 'removing'}
          onClick={() => onRemove(item)}
        >
          <IconTrash size={14} aria-hidden />
        </ActionIcon>
      </Group>
      {item.error && (
        <Text size="xs" mt={4} c="var(--mantine-color-error)" role="alert">
          {item.error}
        </Text>
      )}
    </Card>
  );
}

/**
 * The ad's media slots: one card per file with its progress while it uploads, and a plus
 * control that adds files, at most 20 (docs/product/campaigns.md, Ad creative).
 */
export function MediaSlots({
  items,
  error,
  onAdd,
  onRemove,
}: {
  items: MediaItem[];
  error?: string;
  onAdd: (files: File[]) => void;
  onRemove: (item: MediaItem) => void;
}) {
  const errorId = useId();
  const theme = useMantineTheme();
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm" id="media-label">
          Media
        </Text>
        <Text size="xs" c="dimmed">
          Images or videos, up to {MEDIA_LIMITS.filesPerCampaign}. We recommend .png images under 20MB and .mp4 videos
          under 2GB.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" role="list" aria-labelledby="media-label">
        {items.map((item) => (
          <MediaCard key={item.id} item={item} onRemove={onRemove} />
        ))}
        {/* In the list as its last item, so the list holds only items. */}
        <div role="listitem">
          <FileButton
            multiple
            accept={ACCEPT}
            onChange={(files) => onAdd(files)}
            // Named too, though hidden: tests and assistive tools can find the file field itself.
            inputProps={{ 'aria-label': ADD_MEDIA, ...invalid }}
          >
            {(props) => (
              // Named by the words it shows (ADD_MEDIA), so what is seen is what a voice
              // command or a screen reader finds.
              <Card
                {...props}
                component="button"
                type="button"
                withBorder
                padding="xs"
                // A Card hides the browser's focus outline; Mantine's own ring, the theme's
                // (theme.focusRing), shows where the keyboard is, as on every other control.
                className={theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing]}
                // The button stands for the file field: it is what the keyboard reaches.
                {...invalid}
                style={{ borderStyle: 'dashed', cursor: 'pointer', minHeight: 140 }}
              >
                <Stack align="center" justify="center" gap={4} h="100%">
                  <IconPlus aria-hidden />
                  <Text size="xs">{ADD_MEDIA}</Text>
                </Stack>
              </Card>
            )}
          </FileButton>
        </div>
      </SimpleGrid>
      {error && (
        <Text size="xs" c="var(--mantine-color-error)" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
