import { Alert, Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  AD_LIMITS,
  AD_MESSAGES,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  destinationUrlSchema,
  FLIGHT_TEXTS,
  type Campaign,
} from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { FormActions } from '@/components/form-actions';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { useAccountDay } from '@/lib/membership';
import { notifyError, notifyRequestError, notifySuccess } from '@/lib/notify';
import { useUpdateCampaign } from '../api/change-campaigns';
import { FlightDateFields, useFlightEdits } from './flight-date-fields';
import { AdTextFields, useAdTextEdits } from './ad-text-fields';

/** docs/product/campaigns.md, Editing a campaign: the checks made before sending, each a toast. */
function problemsOf(values: { name: string; url: string; objective: string }): [title: string, message: string][] {
  const problems: [string, string][] = [];
  if (!values.name.trim()) problems.push(['Missing Campaign Name', 'Please fill out the Campaign Name.']);
  if (!values.url.trim()) problems.push(['Missing Destination URL', 'Please fill out the Destination URL.']);
  if (!values.objective) problems.push(['Missing Campaign Objective', CAMPAIGN_MESSAGES.objectiveRequired]);
  if (values.url.trim() && !destinationUrlSchema.safeParse(values.url).success) {
    problems.push(['Invalid URL', 'Please enter valid URL']);
  }
  return problems;
}

const isArchived = (campaign: Campaign) => campaign.archived_at !== null;

/**
 * docs/product/campaigns.md, Editing a campaign: a new name or link sends an approved campaign back
 * to review, which takes it off the Active tab; the dialog says so before it is saved.
 */
const sendsBackToReview = (campaign: Campaign, name: string, url: string) =>
  campaign.approval_status === 'approved' &&
  !isArchived(campaign) &&
  (name.trim() !== campaign.campaign_name || url.trim() !== (campaign.destination_url ?? ''));

/** What saving will do to an approved campaign's review, said before it is saved. */
function ReviewWarning(props: { campaign: Campaign; name: string; url: string; textsChanged: boolean }) {
  const { campaign, name, url, textsChanged } = props;
  const message = sendsBackToReview(campaign, name, url)
    ? CAMPAIGN_MESSAGES.editSendsBackToReview
    : textsChanged && campaign.approval_status === 'approved' && !isArchived(campaign)
      ? CAMPAIGN_MESSAGES.textEditSendsBackToReview
      : null;
  return (
    message && (
      <Alert color="yellow" variant="light" role="status">
        {message}
      </Alert>
    )
  );
}

interface EditedValues {
  name: string;
  url: string;
  onOff: Campaign['on_off'];
  /** The flight dates that changed (`useFlightEdits`). */
  flight: { start_date?: string | null; end_date?: string | null };
  /** The ad texts and keywords that changed (`useAdTextEdits`). */
  ad: ReturnType<typeof useAdTextEdits>['changes'];
}

/** Sends the dialog's values, says whether the campaign went back to review, and closes the dialog. */
function useSaveEdits(campaign: Campaign, onClose: () => void) {
  const update = useUpdateCampaign();
  const save = ({ name, url, onOff, flight, ad }: EditedValues) => {
    // An archived campaign cannot be switched on (409), even when it was left on before
    // archiving: its "on" is then not sent, so its name and link can still change.
    const onOffChange = isArchived(campaign) && onOff === 'on' ? {} : { on_off: onOff };
    update.mutate(
      { id: campaign.id, ...onOffChange, campaign_name: name.trim(), destination_url: url.trim(), ...flight, ...ad },
      {
        onSuccess: (answer) => {
          const backToReview = campaign.approval_status === 'approved' && answer.data.approval_status === 'pending';
          notifySuccess(
            'Campaign updated',
            backToReview ? CAMPAIGN_MESSAGES.updatedForReview : CAMPAIGN_MESSAGES.updated,
          );
          onClose();
        },
        onError: (error) => notifyRequestError(error, 'Failed to update campaign', 'Unknown error'),
      },
    );
  };
  return { save, saving: update.isPending };
}

/** On or Off; an archived campaign can only be off. */
function StatusField({
  archived,
  value,
  onChange,
}: {
  archived: boolean;
  value: Campaign['on_off'];
  onChange: (value: Campaign['on_off']) => void;
}) {
  return (
    <Radio.Group
      label="Status"
      description={archived ? 'An archived campaign cannot be switched on.' : undefined}
      value={value}
      onChange={(next) => onChange(next === 'on' ? 'on' : 'off')}
    >
      <Group gap="lg" mt="xs">
        <Radio value="on" label="On" disabled={archived} />
        <Radio value="off" label="Off" />
      </Group>
    </Radio.Group>
  );
}

function EditCampaignForm({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const [name, setName] = useState(campaign.campaign_name);
  const [url, setUrl] = useState(campaign.destination_url ?? '');
  const [onOff, setOnOff] = useState<Campaign['on_off']>(campaign.on_off);
  const [nameError, setNameError] = useState<string>();
  const [urlError, setUrlError] = useState<string>();
  const { save, saving } = useSaveEdits(campaign, onClose);
  const flight = useFlightEdits(campaign, useAccountDay());
  const adTexts = useAdTextEdits(campaign);
  const focusFirstInvalid = useFocusFirstInvalid();
  const archived = isArchived(campaign);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (saving) return;
        const problems = problemsOf({ name, url, objective: campaign.campaign_objective });
        // Each toast's message is on its field too, where the keyboard is taken.
        const messageOf = (title: string) => problems.find(([problem]) => problem === title)?.[1];
        setNameError(messageOf('Missing Campaign Name'));
        setUrlError(
          messageOf('Missing Destination URL') ??
            (messageOf('Invalid URL') === undefined ? undefined : AD_MESSAGES.destinationInvalid),
        );
        const flightProblems = flight.check();
        // The texts' problems show under their fields only.
        const textProblems = adTexts.check();
        if (problems.length > 0 || flightProblems.length > 0 || textProblems.length > 0) {
          for (const [title, message] of problems) notifyError(title, message);
          for (const message of flightProblems) notifyError(FLIGHT_TEXTS.invalidDatesTitle, message);
          focusFirstInvalid(event.currentTarget);
          return;
        }
        save({ name, url, onOff, flight: flight.changes, ad: adTexts.changes });
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Campaign name"
          maxLength={CAMPAIGN_LIMITS.nameMaxLength}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
          }}
        />
        <TextInput
          label="Destination URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={AD_LIMITS.urlMaxLength}
          value={url}
          error={urlError}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setUrlError(undefined);
          }}
        />
        <AdTextFields edits={adTexts} hasAd={campaign.ad_title !== null} />
        {/* Fixed once the campaign exists: shown, not editable. */}
        <TextInput label="Objective" value={campaign.campaign_objective} disabled />
        <StatusField archived={archived} value={onOff} onChange={setOnOff} />
        <FlightDateFields
          values={flight.values}
          errors={flight.errors}
          accountDay={flight.accountDay}
          startFixed={flight.started}
          onChange={flight.change}
        />
        <ReviewWarning campaign={campaign} name={name} url={url} textsChanged={adTexts.changed} />
        <FormActions submitLabel="Save changes" loading={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/**
 * The Edit dialog of a campaign's row. The form is built afresh for each campaign opened, so
 * nothing typed into a dialog that was closed comes back.
 */
export function EditCampaignModal({
  campaign,
  opened,
  onClose,
}: {
  campaign: Campaign | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit campaign" size={500} centered>
      {campaign && <EditCampaignForm key={campaign.id} campaign={campaign} onClose={onClose} />}
    </Dialog>
  );
}
