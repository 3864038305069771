import { Stack, Textarea, TextInput } from '@mantine/core';
import { AD_LIMITS } from '@portal/contract';
import { useState } from 'react';
import { adErrors, type AdValues } from '../../utils/wizard-values';
import { MediaSlots } from './media-slots';
import type { MediaItem } from './use-media-uploads';

/** Step 2: the ad's texts, link and files (docs/product/campaigns.md, Ad creative). */
export function AdCreativeStep({
  values,
  errors,
  media,
  onChange,
  onAddFiles,
  onRemoveFile,
}: {
  values: AdValues;
  errors: Partial<Record<keyof AdValues | 'media', string>>;
  media: MediaItem[];
  onChange: (change: Partial<AdValues>) => void;
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (item: MediaItem) => void;
}) {
  // The link is checked as soon as the field is left, not only on Next.
  const [urlTouched, setUrlTouched] = useState(false);
  const urlError =
    errors.destination_url ??
    (urlTouched && values.destination_url.trim() !== '' ? adErrors(values, 1).destination_url : undefined);
  return (
    <Stack gap="lg">
      <Textarea
        label="Primary text"
        data-autofocus
        autosize
        minRows={3}
        maxLength={AD_LIMITS.textMaxLength}
        value={values.ad_title}
        error={errors.ad_title}
        onChange={(event) => onChange({ ad_title: event.currentTarget.value })}
      />
      <Textarea
        label="Additional details"
        autosize
        minRows={2}
        maxLength={AD_LIMITS.textMaxLength}
        value={values.ad_description}
        error={errors.ad_description}
        onChange={(event) => onChange({ ad_description: event.currentTarget.value })}
      />
      <TextInput
        label="Destination link"
        type="url"
        placeholder="https://"
        maxLength={AD_LIMITS.urlMaxLength}
        value={values.destination_url}
        error={urlError}
        onBlur={() => setUrlTouched(true)}
        onChange={(event) => onChange({ destination_url: event.currentTarget.value })}
      />
      <MediaSlots items={media} error={errors.media} onAdd={onAddFiles} onRemove={onRemoveFile} />
    </Stack>
  );
}
