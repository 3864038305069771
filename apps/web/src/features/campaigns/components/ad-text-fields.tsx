import { TagsInput, Textarea } from '@mantine/core';
import {
  AD_LIMITS,
  additionalTextSchema,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  primaryTextSchema,
  type Campaign,
} from '@portal/contract';
import { useState } from 'react';

type AdTextErrors = Partial<Record<'ad_title' | 'ad_description' | 'keywords', string>>;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * The Edit dialog's ad texts and keywords (docs/product/campaigns.md, Editing a campaign): only
 * what changed is sent, so an edit of the switch alone names no text.
 */
export function useAdTextEdits(campaign: Campaign) {
  const [title, setTitle] = useState(campaign.ad_title ?? '');
  const [description, setDescription] = useState(campaign.ad_description ?? '');
  const [keywords, setKeywords] = useState<string[]>(campaign.keywords);
  const [errors, setErrors] = useState<AdTextErrors>({});
  const sameKeywords =
    keywords.length === campaign.keywords.length && keywords.every((word, i) => word === campaign.keywords[i]);
  const changes = {
    ...(campaign.ad_title !== null && title.trim() !== campaign.ad_title && { ad_title: title.trim() }),
    ...(campaign.ad_description !== null &&
      description.trim() !== campaign.ad_description && { ad_description: description.trim() }),
    ...(!sameKeywords && { keywords }),
  };
  /** The problems of the values changed, each under its field; answers their messages. */
  const check = (): string[] => {
    const found: AdTextErrors = {
      ad_title: changes.ad_title === undefined ? undefined : firstIssue(primaryTextSchema.safeParse(title)),
      ad_description:
        changes.ad_description === undefined ? undefined : firstIssue(additionalTextSchema.safeParse(description)),
      keywords:
        keywords.length < CAMPAIGN_LIMITS.minKeywords
          ? CAMPAIGN_MESSAGES.keywordsRequired
          : keywords.length > CAMPAIGN_LIMITS.maxKeywords
            ? CAMPAIGN_MESSAGES.tooManyKeywords
            : undefined,
    };
    setErrors(found);
    return Object.values(found).filter((message): message is string => message !== undefined);
  };
  const change = {
    title: (value: string) => (setTitle(value), setErrors({ ...errors, ad_title: undefined })),
    description: (value: string) => (setDescription(value), setErrors({ ...errors, ad_description: undefined })),
    keywords: (value: string[]) => (setKeywords(value), setErrors({ ...errors, keywords: undefined })),
  };
  return {
    values: { title, description, keywords },
    errors,
    changes,
    changed: Object.keys(changes).length > 0,
    check,
    change,
  };
}

/** Primary text, additional details and keywords of a submitted campaign. */
export function AdTextFields({ edits, hasAd }: { edits: ReturnType<typeof useAdTextEdits>; hasAd: boolean }) {
  const { values, errors, change } = edits;
  return (
    <>
      {hasAd && (
        <>
          <Textarea
            label="Primary text"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={AD_LIMITS.textMaxLength}
            value={values.title}
            error={errors.ad_title}
            onChange={(event) => change.title(event.currentTarget.value)}
          />
          <Textarea
            label="Additional details"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={AD_LIMITS.textMaxLength}
            value={values.description}
            error={errors.ad_description}
            onChange={(event) => change.description(event.currentTarget.value)}
          />
        </>
      )}
      <TagsInput
        label="Keywords"
        description="Enter adds the typed keyword"
        value={values.keywords}
        maxTags={CAMPAIGN_LIMITS.maxKeywords}
        error={errors.keywords}
        onChange={change.keywords}
      />
    </>
  );
}
