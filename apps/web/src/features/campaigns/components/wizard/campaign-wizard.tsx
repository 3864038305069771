import { Button, Card, Group, Stack, Stepper, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import type { AdTemplate, Campaign } from '@portal/contract';
import { IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyActionError, notifyError, notifyRequestError } from '@/lib/notify';
import { useStepFocus } from '@/lib/use-step-focus';
import { useSession } from '@/stores/session-store';
import { campaignKeys } from '@/lib/query-keys';
import { useDeleteCampaignDraft } from '../../api/delete-campaign-draft';
import { usePublishCampaign } from '../../api/publish-campaign';
import { useSaveAdTemplate } from '../../api/save-ad-template';
import { useSaveCampaignDetails } from '../../api/save-campaign-details';
import { deleteMedia } from '../../api/upload-media';
import {
  adErrors,
  adOfTemplate,
  DEFAULT_DETAILS,
  detailsErrors,
  detailsOfCampaign,
  localEdits,
  mediaOfTemplate,
  missingDetails,
  type AdValues,
  type DetailsErrors,
  type DetailsValues,
} from '../../utils/wizard-values';
import { AdCreativeStep } from './ad-creative-step';
import { AutosaveFooter } from './autosave-footer';
import { CampaignDetailsStep } from './campaign-details-step';
import { ReviewStep } from './review-step';
import { isStored, useMediaUploads } from './use-media-uploads';

const STEP_LABELS = ['Campaign details', 'Ad creative', 'Review'] as const;

type AdErrors = ReturnType<typeof adErrors>;

/** A 422 of the ad's save, on step 2's fields: the files' messages (`campaign_content.0.s3_key`...) go under Media. */
function adErrorsOfServer(error: unknown): AdErrors {
  const errors: AdErrors = {};
  for (const [field, message] of Object.entries(serverFieldErrors(error) ?? {})) {
    if (field.startsWith('campaign_content')) errors.media = [errors.media, message].filter(Boolean).join(' ');
    else if (field === 'ad_title' || field === 'ad_description' || field === 'destination_url') errors[field] = message;
  }
  return errors;
}

/**
 * The three-step indicator; on a phone, numbered circles and the current step's name in words.
 * It is a picture of progress, not a control: Mantine draws each step as a button that does
 * nothing here, whose visible text ("1Campaign details") no name could match. Screen readers
 * get the one sentence instead, which a phone also shows, as the sign-up header does.
 */
function WizardStepper({ step }: { step: Step }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const sentence = `Step ${step} of ${STEP_LABELS.length}: ${STEP_LABELS[step - 1]}`;
  return (
    <Stack gap={6}>
      <Stepper active={step - 1} size="sm" allowNextStepsSelect={false} aria-hidden>
        {STEP_LABELS.map((label) => (
          <Stepper.Step key={label} label={narrow ? undefined : label} />
        ))}
      </Stepper>
      {narrow ? (
        <Text size="sm" fw={500} ta="center">
          {sentence}
        </Text>
      ) : (
        <VisuallyHidden>{sentence}</VisuallyHidden>
      )}
    </Stack>
  );
}

/** docs/product/campaigns.md, New-campaign wizard: edits are written this long after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;

type Step = 1 | 2 | 3 | 4;

interface ServerDraft {
  campaign: Campaign;
  ad_template: AdTemplate | null;
}

/** Where the wizard starts: the server draft at the step it reached, then this browser's edits over it. */
function startingPoint(userId: number, draft: ServerDraft | null) {
  const saved = localEdits.read(userId);
  // Edits for another draft (one since published or cancelled elsewhere) are stale.
  const edits = saved && saved.draftId === (draft?.campaign.id ?? null) ? saved : null;
  const serverMedia = mediaOfTemplate(draft?.ad_template ?? null);
  const extraMedia = (edits?.media ?? []).filter((item) => !serverMedia.some((known) => known.key === item.key));
  return {
    step: (draft ? (draft.ad_template ? 3 : 2) : 1) as Step,
    draftId: draft?.campaign.id ?? null,
    templateId: draft?.ad_template?.id ?? null,
    details: edits?.details ?? (draft ? detailsOfCampaign(draft.campaign) : DEFAULT_DETAILS),
    ad: edits?.ad ?? adOfTemplate(draft?.ad_template ?? null),
    media: [...serverMedia, ...extraMedia],
  };
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [start] = useState(() => startingPoint(userId, draft));
  const [step, setStep] = useState<Step>(start.step);
  const [draftId, setDraftId] = useState(start.draftId);
  const [templateId, setTemplateId] = useState(start.templateId);
  const [details, setDetails] = useState<DetailsValues>(start.details);
  const [ad, setAd] = useState<AdValues>(start.ad);
  const [showDetailErrors, setShowDetailErrors] = useState(false);
  // The server's 422 messages for step 1, until the details change.
  const [serverDetailErrors, setServerDetailErrors] = useState<DetailsErrors>({});
  const [showAdErrors, setShowAdErrors] = useState(false);
  const [serverAdErrors, setServerAdErrors] = useState<AdErrors>({});
  // A new step takes the focus to its first field (data-autofocus), or to the wizard's card.
  const stepStart = useStepFocus<HTMLDivElement>(step);
  const focusFirstInvalid = useFocusFirstInvalid();
  const media = useMediaUploads(start.media);
  const [saving, setSaving] = useState(false);

  const saveDetails = useSaveCampaignDetails();
  const saveAd = useSaveAdTemplate();
  const publish = usePublishCampaign();
  const cancelDraft = useDeleteCampaignDraft();
  const busy = saveDetails.isPending || saveAd.isPending || publish.isPending || cancelDraft.isPending;

  // This browser's copy of the edits, a second after the last change.
  const writeEdits = useDebouncedCallback(
    () => {
      localEdits.write(userId, {
        draftId,
        details,
        ad,
        media: media.items.filter(isStored).map(({ key, name, kind }) => ({ key, name, kind })),
      });
      setSaving(false);
    },
    { delay: AUTOSAVE_DELAY_MS, flushOnUnmount: true },
  );
  /** A change the user made: the footer says so until it is written. */
  const noteChange = () => {
    setSaving(true);
    writeEdits();
  };
  // Uploads finish, and the draft gets its id, outside any handler: written the same way.
  const firstRender = useRef(true);
  const storedKeys = media.items
    .filter(isStored)
    .map((item) => item.key)
    .join();
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    writeEdits();
  }, [storedKeys, draftId, writeEdits]);

  const adProblems = adErrors(ad, media.items.length);

  const leaveDetails = () => {
    setShowDetailErrors(true);
    const missing = missingDetails(details);
    if (missing.length > 0) {
      // The toast lists them all; each is also under its field, where the keyboard goes.
      notifyError('Missing Field', missing.join('\n'));
      focusFirstInvalid(stepStart.current);
      return;
    }
    saveDetails.mutate(
      { ...details, budget_amount: details.budget_amount as number },
      {
        onSuccess: ({ data }) => {
          setDraftId(data.id);
          setStep(2);
        },
        onError: (error) => {
          notifyActionError(error, 'Failed to create campaign', 'Unknown error');
          setServerDetailErrors(serverFieldErrors(error) ?? {});
          focusFirstInvalid(stepStart.current);
        },
      },
    );
  };

  const leaveAdCreative = () => {
    setShowAdErrors(true);
    const problems = Object.values(adProblems);
    if (problems.length > 0) {
      notifyError('Missing Field', problems.join('\n'));
      focusFirstInvalid(stepStart.current);
      return;
    }
    if (media.uploading) {
      notifyError('Upload in progress', 'Please wait until every file is uploaded.');
      return;
    }
    saveAd.mutate(
      {
        user_id: userId,
        campaign_id: draftId!,
        ...ad,
        campaign_content: media.items
          .filter(isStored)
          .map((item) => ({ s3_key: item.key, s3_url: item.url ?? '', name: item.name })),
      },
      {
        onSuccess: ({ data }) => {
          setTemplateId(data.id);
          media.replaceWithStored(mediaOfTemplate(data));
          setStep(3);
        },
        onError: (error) => {
          notifyActionError(error, 'Failed to create ad template', 'Unknown error');
          setServerAdErrors(adErrorsOfServer(error));
          focusFirstInvalid(stepStart.current);
        },
      },
    );
  };

  const submit = () => {
    publish.mutate(
      { campaign_id: draftId!, template_id: templateId! },
      {
        onSuccess: () => {
          writeEdits.cancel();
          localEdits.clear(userId);
          queryClient.setQueryData(campaignKeys.draft(), { data: null });
          setStep(4);
        },
        onError: (error) => notifyRequestError(error, 'Failed to publish campaign', 'Unknown error'),
      },
    );
  };

  const cancel = async () => {
    // Files uploaded but never saved with the ad go too; the draft's own go with it.
    const unsaved = media.items.filter(isStored).map((item) => item.key);
    try {
      if (draftId !== null) await cancelDraft.mutateAsync(draftId);
    } catch (error) {
      notifyRequestError(error, 'Failed to cancel the campaign', 'Unknown error');
      return;
    }
    await Promise.allSettled(unsaved.map((key) => deleteMedia(key)));
    writeEdits.cancel();
    localEdits.clear(userId);
    queryClient.setQueryData(campaignKeys.draft(), { data: null });
    await navigate(paths.campaigns);
  };

  if (step === 4) {
    return (
      <Card ref={stepStart} tabIndex={-1} component="section" aria-label="Campaign wizard" withBorder padding="xl">
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

  return (
    // The same card as step 4's: the step focus reaches it in either.
    <Card ref={stepStart} tabIndex={-1} component="section" aria-label="Campaign wizard" withBorder padding={0}>
      <Stack gap="lg" p="lg">
        <WizardStepper step={step} />
        {step === 1 && (
          <CampaignDetailsStep
            values={details}
            errors={{ ...(showDetailErrors ? detailsErrors(details) : {}), ...serverDetailErrors }}
            onChange={(change) => {
              setDetails((current) => ({ ...current, ...change }));
              setServerDetailErrors({});
              noteChange();
            }}
          />
        )}
        {step === 2 && (
          <AdCreativeStep
            values={ad}
            errors={{ ...(showAdErrors ? adProblems : {}), ...serverAdErrors }}
            media={media.items}
            onChange={(change) => {
              setAd((current) => ({ ...current, ...change }));
              setServerAdErrors({});
              noteChange();
            }}
            onAddFiles={(files) => {
              setServerAdErrors({});
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
            onEditDetails={() => setStep(1)}
            onEditAd={() => setStep(2)}
          />
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => void cancel()} loading={cancelDraft.isPending}>
            Cancel
          </Button>
          <Group gap="sm">
            {step > 1 && (
              <Button variant="default" onClick={() => setStep((step - 1) as Step)} disabled={busy}>
                Back
              </Button>
            )}
            {step === 1 && (
              <Button onClick={leaveDetails} loading={saveDetails.isPending}>
                Next
              </Button>
            )}
            {step === 2 && (
              <Button onClick={leaveAdCreative} loading={saveAd.isPending}>
                Next
              </Button>
            )}
            {step === 3 && (
              <Button onClick={submit} loading={publish.isPending}>
                Publish
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      <AutosaveFooter saving={saving} />
    </Card>
  );
}
