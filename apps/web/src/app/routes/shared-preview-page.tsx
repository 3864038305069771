import { Stack } from '@mantine/core';
import type { SharedPreview } from '@portal/contract';
import { useParams } from 'react-router';
import { AdPreview, type PreviewFile } from '@/features/campaigns/components/wizard/ad-preview';
import { useSharedPreview } from '@/features/sharing/api/shared-links';
import { SharedPageFrame, SharedPageHeading, SharedPageState } from '@/features/sharing/components/shared-page';
import { fileUrl } from '@/lib/file-url';
import { formatDate } from '@/lib/format';

/** The preview's files as the post shows them: each with the view address the link's answer gave. */
const mediaOf = (preview: SharedPreview): PreviewFile[] =>
  preview.media.map((file, index) => ({
    id: `shared-${index}`,
    name: `${file.kind === 'video' ? 'Video' : 'Image'} ${index + 1} of the ad`,
    kind: file.kind,
    url: file.url,
  }));

/**
 * /shared/preview/:token (docs/product/campaigns.md, Preview share links): a campaign's ad for
 * someone without an account, read-only, from the sharing feature's answer drawn by the
 * campaigns feature's placement previews (feed, story, reel, light or dark), and nothing else of
 * the account.
 */
export function SharedPreviewPage() {
  const { token = '' } = useParams();
  const shown = useSharedPreview(token);
  const preview = shown.data?.data;
  return (
    <SharedPageFrame>
      {preview ? (
        <Stack gap="lg" align="center">
          <SharedPageHeading title={`Ad preview: ${preview.account_name}`} expiresOn={formatDate(preview.expires_at)} />
          <AdPreview
            accountName={preview.account_name}
            pictureUrl={fileUrl(preview.logo)}
            media={mediaOf(preview)}
            primaryText={preview.primary_text}
            additionalText={preview.additional_text}
            destinationUrl={preview.destination_url}
          />
        </Stack>
      ) : (
        <SharedPageState error={shown.error} />
      )}
    </SharedPageFrame>
  );
}
