import type { Dispatch, RefObject } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { useAccountDay } from '@/lib/membership';
import { notifyActionError, notifyError, notifyRequestError } from '@/lib/notify';
import { useDeleteCampaignDraft } from '../../api/delete-campaign-draft';
import { usePublishCampaign } from '../../api/publish-campaign';
import { useSaveAdTemplate } from '../../api/save-ad-template';
import { useSaveCampaignDetails } from '../../api/save-campaign-details';
import { deleteMedia } from '../../api/upload-media';
import { adErrors, flightOfValues, mediaOfTemplate, missingDetails } from '../../utils/wizard-values';
import type { AdErrors, WizardAction, WizardState } from '../../utils/wizard-state';
import { isStored, type useMediaUploads } from './use-media-uploads';

type Media = ReturnType<typeof useMediaUploads>;

/** What the wizard's saves need: its state, its files, its local copy, and where its step starts. */
interface WizardContext {
  userId: number;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  media: Media;
  /** This browser's copy of the edits, forgotten once the draft is published or cancelled. */
  forgetEdits: () => void;
  stepStart: RefObject<HTMLElement | null>;
}

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
 * Leaving step 1 or 2 saves it on the server, once the form's own checks pass; a refusal shows
 * under the fields and the keyboard goes to the first wrong one.
 */
function useLeaveSteps({ userId, state, dispatch, media, stepStart }: WizardContext) {
  const focusFirstInvalid = useFocusFirstInvalid();
  const saveDetails = useSaveCampaignDetails();
  const { today } = useAccountDay();
  const saveAd = useSaveAdTemplate();

  const leaveDetails = () => {
    dispatch({ type: 'leave-details-tried' });
    const missing = missingDetails(state.details, today);
    if (missing.length > 0) {
      // The toast lists them all; each is also under its field, where the keyboard goes.
      notifyError('Missing Field', missing.join('\n'));
      focusFirstInvalid(stepStart.current);
      return;
    }
    saveDetails.mutate(
      {
        ...state.details,
        budget_amount: state.details.budget_amount as number,
        ...flightOfValues(state.details),
      },
      {
        onSuccess: ({ data }) => dispatch({ type: 'details-saved', draftId: data.id }),
        onError: (error) => {
          notifyActionError(error, 'Failed to create campaign', 'Unknown error');
          dispatch({ type: 'details-refused', errors: serverFieldErrors(error) ?? {} });
          focusFirstInvalid(stepStart.current);
        },
      },
    );
  };

  const leaveAdCreative = () => {
    dispatch({ type: 'leave-ad-tried' });
    const problems = Object.values(adErrors(state.ad, media.items.length));
    if (problems.length > 0) {
      notifyError('Missing Field', problems.join('\n'));
      focusFirstInvalid(stepStart.current);
      return;
    }
    if (media.uploading) {
      notifyError('Upload in progress', 'Please wait until every file is uploaded.');
      return;
    }
    const content = media.items
      .filter(isStored)
      .map((item) => ({ s3_key: item.key, s3_url: item.url ?? '', name: item.name }));
    saveAd.mutate(
      { user_id: userId, campaign_id: state.draftId!, ...state.ad, campaign_content: content },
      {
        onSuccess: ({ data }) => {
          media.replaceWithStored(mediaOfTemplate(data));
          dispatch({ type: 'ad-saved', templateId: data.id });
        },
        onError: (error) => {
          notifyActionError(error, 'Failed to create ad template', 'Unknown error');
          dispatch({ type: 'ad-refused', errors: adErrorsOfServer(error) });
          focusFirstInvalid(stepStart.current);
        },
      },
    );
  };

  return { leaveDetails, leaveAdCreative, savingDetails: saveDetails.isPending, savingAd: saveAd.isPending };
}

/** Publishing sends the draft for review; cancelling deletes it and its files, and goes back to the campaigns. */
function useFinish({ state, dispatch, media, forgetEdits }: WizardContext) {
  const navigate = useNavigate();
  const publication = usePublishCampaign();
  const cancelDraft = useDeleteCampaignDraft();

  const publish = () => {
    publication.mutate(
      { campaign_id: state.draftId!, template_id: state.templateId! },
      {
        onSuccess: () => {
          forgetEdits();
          dispatch({ type: 'published' });
        },
        onError: (error) => notifyRequestError(error, 'Failed to publish campaign', 'Unknown error'),
      },
    );
  };

  const cancel = async () => {
    // Files uploaded but never saved with the ad go too; the draft's own go with it.
    const unsaved = media.items.filter(isStored).map((item) => item.key);
    try {
      if (state.draftId !== null) await cancelDraft.mutateAsync(state.draftId);
    } catch (error) {
      notifyRequestError(error, 'Failed to cancel the campaign', 'Unknown error');
      return;
    }
    await Promise.allSettled(unsaved.map((key) => deleteMedia(key)));
    forgetEdits();
    await navigate(paths.campaigns);
  };

  return { publish, cancel, publishing: publication.isPending, cancelling: cancelDraft.isPending };
}

/** The wizard's four saves on the server: step 1, step 2, publishing, and cancelling the draft. */
export function useWizardSaves(context: WizardContext) {
  const leave = useLeaveSteps(context);
  const finish = useFinish(context);
  const busy = leave.savingDetails || leave.savingAd || finish.publishing || finish.cancelling;
  return { ...leave, ...finish, busy };
}
