import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AdTemplate, Campaign } from '@portal/contract';
import { IconRocket } from '@tabler/icons-react';
import { useReducer, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { fileUrl } from '@/lib/file-url';
import { useAccountDay, useCurrentMembership } from '@/lib/membership';
import { useStepFocus } from '@/lib/use-step-focus';
import { useSession } from '@/stores/session-store';
import { initialWizardState, wizardReducer, type WizardStart, type WizardStep } from '../../utils/wizard-state';
import {
  adErrors,
  adOfTemplate,
  DEFAULT_DETAILS,
  detailsErrors,
  detailsOfCampaign,
  localEdits,
  mediaOfTemplate,
  type StoredMedia,
} from '../../utils/wizard-values';
import { AdCreativeStep } from './ad-creative-step';
import { AutosaveFooter } from './autosave-footer';
import { CampaignDetailsStep } from './campaign-details-step';
import { ReviewStep } from './review-step';
import { useLocalEdits } from './use-local-edits';
import { useMediaUploads } from './use-media-uploads';
import { useWizardSaves } from './use-wizard-saves';
import { WizardStepper } from './wizard-stepper';
import { SharePreviewButton } from '../share-preview';

interface ServerDraft {
  campaign: Campaign;
  ad_template: AdTemplate | null;
}

/** Where the wizard starts: the server draft at the step it reached, then this browser's edits over it. */
function startingPoint(userId: number, draft: ServerDraft | null): WizardStart & { media: StoredMedia[] } {
  const saved = localEdits.read(userId);
  // Edits for another draft (one since published or cancelled elsewhere) are stale.
  const edits = saved && saved.draftId === (draft?.campaign.id ?? null) ? saved : null;
  const serverMedia = mediaOfTemplate(draft?.ad_template ?? null);
  const extraMedia = (edits?.media ?? []).filter((item) => !serverMedia.some((known) => known.key === item.key));
  return {
    step: (draft ? (draft.ad_template ? 3 : 2) : 1) as WizardStep,
    draftId: draft?.campaign.id ?? null,
    templateId: draft?.ad_template?.id ?? null,
    // Edits kept by an older version of the page may lack the newer fields.
    details: { ...DEFAULT_DETAILS, ...(edits?.details ?? (draft ? detailsOfCampaign(draft.campaign) : {})) },
    ad: edits?.ad ?? adOfTemplate(draft?.ad_template ?? null),
    media: [...serverMedia, ...extraMedia],
  };
}

/** Step 4: the campaign is sent for review. The same card as the steps', so the step focus reaches it. */
function UnderReview({ cardRef }: { cardRef: Ref<HTMLDivElement> }) {
  const navigate = useNavigate();
  return (
    <Card ref={cardRef} tabIndex={-1} component="section" aria-label="Campaign wizard" withBorder padding="xl">
      <Stack align="center" gap="md" py="xl" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconRocket size={36} aria-hidden />
        </ThemeIcon>
        <Title order={2}>Your campaign is under review!</Title>
        <Text c="dimmed" maw={420}>
          We will let you know as soon as it is approved. You can follow it under Pending in your campaigns.
        </Text>
        <Button onClick={() => void navigate(paths.campaigns)} data-autofocus>
          My campaigns
        </Button>
      </Stack>
    </Card>
  );
}

/** The wizard's buttons: Cancel on the left; Back, and Next or Publish, on the right. */
function WizardActions({
  step,
  saves,
  onBack,
}: {
  step: 1 | 2 | 3;
  saves: ReturnType<typeof useWizardSaves>;
  onBack: () => void;
}) {
  return (
    <Group justify="space-between">
      <Button variant="subtle" color="red" onClick={() => void saves.cancel()} loading={saves.cancelling}>
        Cancel
      </Button>
      <Group gap="sm">
        {step > 1 && (
          <Button variant="default" onClick={onBack} disabled={saves.busy}>
            Back
          </Button>
        )}
        {step === 1 && (
          <Button onClick={saves.leaveDetails} loading={saves.savingDetails}>
            Next
          </Button>
        )}
        {step === 2 && (
          <Button onClick={saves.leaveAdCreative} loading={saves.savingAd}>
            Next
          </Button>
        )}
        {step === 3 && (
          <Button onClick={saves.publish} loading={saves.publishing}>
            Publish
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * The new-campaign wizard (docs/product/campaigns.md, New-campaign wizard): details, ad
 * creative, review, confirmation. Each step is saved on the server when it is left; the
 * edits in between are kept in this browser.
 */
export function CampaignWizard({ draft }: { draft: ServerDraft | null }) {
  const userId = useSession((state) => state.userId) ?? 0;
  const accountName = useSession((state) =>
    [state.personalInfo?.firstName, state.personalInfo?.lastName].filter(Boolean).join(' '),
  );
  const picture = useSession((state) => state.personalInfo?.image ?? null);
  const brandName = useCurrentMembership().membership?.name ?? '';
  const [start] = useState(() => startingPoint(userId, draft));
  const [state, dispatch] = useReducer(wizardReducer, start, initialWizardState);
  const { step, details, ad } = state;
  // A new step takes the focus to its first field (data-autofocus), or to the wizard's card.
  const stepStart = useStepFocus<HTMLDivElement>(step);
  const media = useMediaUploads(start.media);
  const edits = useLocalEdits(userId, state, media.items, () => dispatch({ type: 'edits-written' }));
  const saves = useWizardSaves({ userId, state, dispatch, media, forgetEdits: edits.forget, stepStart });
  const accountDay = useAccountDay();

  if (step === 4) return <UnderReview cardRef={stepStart} />;

  return (
    // The same card as step 4's: the step focus reaches it in either.
    <Card ref={stepStart} tabIndex={-1} component="section" aria-label="Campaign wizard" withBorder padding={0}>
      <Stack gap="lg" p="lg">
        <WizardStepper step={step} />
        {step === 1 && (
          <CampaignDetailsStep
            values={details}
            accountDay={accountDay}
            errors={{
              ...(state.showDetailErrors ? detailsErrors(details, accountDay.today) : {}),
              ...state.serverDetailErrors,
            }}
            onChange={(change) => {
              dispatch({ type: 'details-changed', change });
              edits.scheduleWrite();
            }}
          />
        )}
        {step === 2 && (
          <AdCreativeStep
            values={ad}
            errors={{ ...(state.showAdErrors ? adErrors(ad, media.items.length) : {}), ...state.serverAdErrors }}
            media={media.items}
            onChange={(change) => {
              dispatch({ type: 'ad-changed', change });
              edits.scheduleWrite();
            }}
            onAddFiles={(files) => {
              dispatch({ type: 'files-added' });
              media.addFiles(files);
            }}
            onRemoveFile={(item) => void media.remove(item)}
          />
        )}
        {step === 3 && (
          <ReviewStep
            details={details}
            ad={ad}
            media={media.items}
            accountName={accountName || 'Your account'}
            brandName={brandName}
            pictureUrl={fileUrl(picture)}
            onEditDetails={() => dispatch({ type: 'went-to', step: 1 })}
            onEditAd={() => dispatch({ type: 'went-to', step: 2 })}
          />
        )}
        {step === 3 && state.draftId !== null && (
          <Group justify="flex-end">
            <SharePreviewButton campaignId={state.draftId} name={details.campaign_name} />
          </Group>
        )}
        <WizardActions
          step={step}
          saves={saves}
          onBack={() => dispatch({ type: 'went-to', step: (step - 1) as 1 | 2 })}
        />
      </Stack>
      <AutosaveFooter saving={state.saving} />
    </Card>
  );
}
