import { Avatar, Badge, Button, FileButton, Group, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isAdminRole, personalNamesSchema } from '@portal/contract';
import { IconFileInvoice, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Panel } from '@/components/panel';
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { fileUrl } from '@/lib/file-url';
import { serverFieldErrors } from '@/lib/form-errors';
import { PHOTO_ACCEPT, photoProblem } from '@/lib/image-file';
import { notifyError, notifyRequestError, notifySuccess, notifyValidationError } from '@/lib/notify';
import { useUploadProgress } from '@/lib/uploader';
import { sessionStore, useSession } from '@/stores/session-store';
import { useUpdatePersonalInfo } from '../api/update-personal-info';
import { useUploadLogo } from '../api/upload-logo';
import { EditBillingModal } from './edit-billing-modal';
import { useCan } from '@/lib/membership';

function ProfilePicture() {
  const image = useSession((s) => s.personalInfo?.image);
  const upload = useUploadLogo();
  const progress = useUploadProgress();

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      notifyError('Failed to update profile picture', problem);
      return;
    }
    progress.reset();
    upload.mutate(
      { file, onProgress: progress.onProgress },
      {
        onSettled: progress.reset,
        onSuccess: (response) => {
          sessionStore.updatePersonalInfo({ image: response.logo });
          notifySuccess('Profile picture updated', response.message);
        },
        onError: (error) => notifyRequestError(error, 'Failed to update profile picture'),
      },
    );
  };

  return (
    <Stack align="center" gap="xs">
      <Avatar src={fileUrl(image)} alt="Your profile picture" size={96} radius="xl" />
      <FileButton onChange={choose} accept={PHOTO_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            loading={upload.isPending}
            leftSection={<IconPhoto size={16} aria-hidden />}
            aria-label="Change profile picture"
          >
            Change
          </Button>
        )}
      </FileButton>
      {upload.isPending && progress.percent !== null && (
        <Progress value={progress.percent} w={96} size="sm" aria-label="Uploading the picture" />
      )}
    </Stack>
  );
}

function NameForm() {
  const personalInfo = useSession((s) => s.personalInfo);
  const update = useUpdatePersonalInfo();
  const form = useForm({
    initialValues: { first_name: personalInfo?.firstName ?? '', last_name: personalInfo?.lastName ?? '' },
    validate: schemaResolver(personalNamesSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(personalNamesSchema.parse(values), {
      onSuccess: (response) => {
        sessionStore.updatePersonalInfo({ firstName: response.data.first_name, lastName: response.data.last_name });
        form.setValues(response.data);
        form.resetDirty(response.data);
        notifySuccess('Name Updated', response.message);
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors && isApiError(error)) {
          form.setErrors(fieldErrors);
          notifyValidationError(error);
          return;
        }
        notifyRequestError(error, 'Failed to update name', GENERIC_ERROR_MESSAGE);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** My account's profile: picture, names, account type and the way to the billing details. */
export function ProfilePanel() {
  const accountType = useSession((s) => s.billingInfo?.accountType);
  // Administrators are not billed, so they have no billing details to edit; in an advertiser
  // account, only owners and billing members change them (docs/product/teams.md, Roles).
  const isAdmin = useSession((s) => isAdminRole(s.user?.type));
  const canBill = useCan('billing.manage') === true;
  const [billingOpen, setBillingOpen] = useState(false);
  return (
    <Panel
      title="Profile"
      actions={
        !isAdmin &&
        canBill && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            onClick={() => setBillingOpen(true)}
          >
            Billing details
          </Button>
        )
      }
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <ProfilePicture />
        <Stack gap="md" style={{ flex: '1 1 18rem' }} miw={0}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              Account type
            </Text>
            {/* docs/product/accounts.md: "showing accountType, defaulting to Admin when missing". */}
            <Badge variant="filled" data-testid="account-type">
              {accountType ?? 'Admin'}
            </Badge>
          </Group>
          <NameForm />
        </Stack>
      </Group>
      {!isAdmin && canBill && <EditBillingModal opened={billingOpen} onClose={() => setBillingOpen(false)} />}
    </Panel>
  );
}
