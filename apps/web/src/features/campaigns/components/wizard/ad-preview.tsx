import { ActionIcon, Anchor, Avatar, Box, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconHeart,
  IconMessageCircle,
  IconPhoto,
  IconSend,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { useMediaViewUrl } from './use-media-view-url';
import { usePosterFrame } from './use-poster-frame';

/**
 * A file the preview shows: by its address when one is known (`localUrl` while it uploads,
 * `url` from the server); a stored file without one (`key`) asks for a view address.
 */
export interface PreviewFile {
  id?: string;
  key?: string;
  name: string;
  kind: 'image' | 'video';
  url?: string;
  localUrl?: string;
}

/** docs/product/campaigns.md, Placement previews: where the ad appears, the placements the figures record. */
const PLACEMENTS = [
  { value: 'feed', label: 'Feed' },
  { value: 'story', label: 'Story' },
  { value: 'reel', label: 'Reel' },
] as const;
type Placement = (typeof PLACEMENTS)[number]['value'];

const SCHEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;
type Scheme = (typeof SCHEMES)[number]['value'];

/** Instagram's own colours in each theme, whatever the portal's theme is. */
const COLOURS = {
  light: { background: '#ffffff', text: '#000000', dimmed: '#5e5e5e', bar: '#efefef', border: '#dbdbdb' },
  dark: { background: '#000000', text: '#f5f5f5', dimmed: '#a8a8a8', bar: '#262626', border: '#363636' },
} as const;
type Colours = (typeof COLOURS)[Scheme];

function PreviewMedia({ item, cover }: { item: PreviewFile; cover: boolean }) {
  const viewUrl = useMediaViewUrl(item.localUrl || item.url ? undefined : item.key, item.url);
  const source = item.localUrl ?? viewUrl;
  const poster = usePosterFrame(item.kind === 'video' ? source : undefined);
  const fit = cover ? 'cover' : 'contain';
  if (!source) return <IconPhoto size={48} color="white" aria-hidden />;
  return item.kind === 'video' ? (
    // Muted, as the placements play ads until tapped; the poster is the file's own first frame.
    <video
      src={source}
      poster={poster}
      muted
      autoPlay
      loop
      controls
      playsInline
      aria-label={item.name}
      style={{ width: '100%', height: '100%', objectFit: fit }}
    >
      <track kind="captions" />
    </video>
  ) : (
    <Image src={source} alt={item.name} h="100%" w="100%" fit={fit} />
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
      color="dark"
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

/** The post's files one at a time in a frame of `ratio`, with arrows and a count when there are several. */
function PreviewCarousel({ media, ratio, cover }: { media: PreviewFile[]; ratio: string; cover: boolean }) {
  const [index, setIndex] = useState(0);
  const at = Math.min(index, media.length - 1);
  const shown = media[at];
  return (
    <Box pos="relative" bg="#000" style={{ aspectRatio: ratio, overflow: 'hidden' }}>
      <Group justify="center" h="100%">
        {shown ? (
          <PreviewMedia key={shown.id ?? shown.key ?? at} item={shown} cover={cover} />
        ) : (
          <IconPhoto size={48} color="white" aria-hidden />
        )}
      </Group>
      {media.length > 1 && (
        <>
          <CarouselArrow side="left" disabled={at === 0} onClick={() => setIndex(Math.max(at - 1, 0))} />
          <CarouselArrow
            side="right"
            disabled={at >= media.length - 1}
            onClick={() => setIndex(Math.min(at + 1, media.length - 1))}
          />
          <Text
            size="xs"
            c="white"
            pos="absolute"
            right={8}
            top={8}
            bg="rgba(0,0,0,.7)"
            px={6}
            style={{ borderRadius: 8 }}
          >
            {at + 1}/{media.length}
          </Text>
        </>
      )}
    </Box>
  );
}

/** The profile picture and name the ad runs under, with "Sponsored". */
function Profile({
  name,
  pictureUrl,
  text,
  dimmed,
}: {
  name: string;
  pictureUrl: string | null;
  text: string;
  dimmed: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The theme's colour, dark enough for the white initials in both themes. */}
      <Avatar size="sm" src={pictureUrl} variant="filled" color="indigo.9" name={name} alt="" />
      <div>
        <Text size="sm" fw={600} lh={1.2} c={text}>
          {name}
        </Text>
        <Text size="xs" lh={1.2} c={dimmed}>
          Sponsored
        </Text>
      </div>
    </Group>
  );
}

/** The "Learn more" bar, with the destination link when there is one. */
function CallToAction({ destinationUrl, colours }: { destinationUrl: string; colours: Colours }) {
  return (
    <Group justify="space-between" px="sm" py={8} bg={colours.bar} wrap="nowrap">
      <Text size="sm" fw={600} c={colours.text}>
        Learn more
      </Text>
      {destinationUrl && (
        <Anchor
          href={destinationUrl}
          size="xs"
          c={colours.text}
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

export interface AdPreviewProps {
  /** The name the ad runs under: the member's or the account's. */
  accountName: string;
  /** Its profile picture's address (docs/product/accounts.md, Profile pictures), or null for initials. */
  pictureUrl?: string | null;
  media: PreviewFile[];
  primaryText: string;
  additionalText: string;
  destinationUrl: string;
}

const textStyle = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/** A feed post: the profile, the files as a square carousel, the call to action and the caption. */
function FeedPost({ props, colours }: { props: AdPreviewProps; colours: Colours }) {
  return (
    <>
      <Box p="sm">
        <Profile
          name={props.accountName}
          pictureUrl={props.pictureUrl ?? null}
          text={colours.text}
          dimmed={colours.dimmed}
        />
      </Box>
      <PreviewCarousel media={props.media} ratio="1 / 1" cover={false} />
      <CallToAction destinationUrl={props.destinationUrl} colours={colours} />
      <Stack gap={4} p="sm" component="figcaption">
        <Text size="sm" c={colours.text} style={textStyle}>
          <Text span fw={600}>
            {props.accountName}
          </Text>{' '}
          {props.primaryText}
        </Text>
        {props.additionalText && (
          <Text size="xs" c={colours.dimmed} style={textStyle}>
            {props.additionalText}
          </Text>
        )}
      </Stack>
    </>
  );
}

/** What lies over a full-screen story or reel: dark bands so white text reads on any file. */
function Overlay({ position, children }: { position: 'top' | 'bottom'; children: ReactNode }) {
  const towards = position === 'top' ? 'to bottom' : 'to top';
  return (
    <Box
      pos="absolute"
      left={0}
      right={0}
      top={position === 'top' ? 0 : undefined}
      bottom={position === 'bottom' ? 0 : undefined}
      p="sm"
      style={{ background: `linear-gradient(${towards}, rgba(0,0,0,.85), rgba(0,0,0,0))`, pointerEvents: 'none' }}
    >
      {children}
    </Box>
  );
}

/** A story or a reel: the files full screen (9:16), the profile over the top, the caption and link at the bottom. */
function FullScreenPost({
  props,
  placement,
  colours,
}: {
  props: AdPreviewProps;
  placement: Placement;
  colours: Colours;
}) {
  return (
    <>
      <Box pos="relative">
        <PreviewCarousel media={props.media} ratio="9 / 16" cover />
        <Overlay position="top">
          {placement === 'story' && <Box h={2} mb={8} bg="rgba(255,255,255,.85)" style={{ borderRadius: 1 }} />}
          <Profile name={props.accountName} pictureUrl={props.pictureUrl ?? null} text="#ffffff" dimmed="#e0e0e0" />
        </Overlay>
        <Overlay position="bottom">
          {placement === 'reel' && (
            <Stack gap="sm" pos="absolute" right={12} bottom={72} c="white" aria-hidden>
              <IconHeart size={22} />
              <IconMessageCircle size={22} />
              <IconSend size={22} />
            </Stack>
          )}
          <Text size="xs" c="white" lineClamp={2} component="figcaption" pr={placement === 'reel' ? 40 : 0}>
            {props.primaryText}
          </Text>
        </Overlay>
      </Box>
      <CallToAction destinationUrl={props.destinationUrl} colours={colours} />
    </>
  );
}

/**
 * The ad where it will appear (docs/product/campaigns.md, Placement previews): a feed post, a
 * story or a reel, in Instagram's light or dark theme, under the profile picture and name, with
 * its images as a carousel and its videos playing muted from their first frame. It shows what
 * it is given and fetches nothing of its own but view addresses for stored files given without one.
 */
export function AdPreview(props: AdPreviewProps) {
  const [placement, setPlacement] = useState<Placement>('feed');
  const [scheme, setScheme] = useState<Scheme>('light');
  const colours = COLOURS[scheme];
  return (
    <Stack gap="xs" align="center" w="100%">
      <Group gap="xs" justify="center">
        <SegmentedControl
          size="xs"
          aria-label="Placement"
          data={[...PLACEMENTS]}
          value={placement}
          onChange={(value) => setPlacement(value as Placement)}
        />
        <SegmentedControl
          size="xs"
          aria-label="Preview theme"
          data={[...SCHEMES]}
          value={scheme}
          onChange={(value) => setScheme(value as Scheme)}
        />
      </Group>
      <Box
        component="figure"
        aria-label="Preview of the ad"
        data-placement={placement}
        data-scheme={scheme}
        m={0}
        w="100%"
        maw={placement === 'feed' ? 400 : 300}
        bg={colours.background}
        style={{ border: `1px solid ${colours.border}`, borderRadius: 8, overflow: 'hidden' }}
      >
        {placement === 'feed' ? (
          <FeedPost props={props} colours={colours} />
        ) : (
          <FullScreenPost props={props} placement={placement} colours={colours} />
        )}
      </Box>
    </Stack>
  );
}
