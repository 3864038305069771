import { Avatar, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { personalNamesSchema, SIGNUP_STEP } from '@portal/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { serverFieldErrors } from '@/lib/form-errors';
import { PHOTO_ACCEPT, photoProblem } from '@/lib/image-file';
import { notifySuccess } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useSavePersonalInfo } from '../api/save-personal-info';
import { notifySignupError } from '../utils/signup-errors';

interface NamesFormValues {
  first_name: string;
  last_name: string;
}

/**
 * The optional photo: its preview, a button that stands for the hidden file field, and Remove
 * once one is chosen.
 */
function PhotoField({
  photo,
  preview,
  error,
  onChoose,
  onRemove,
}: {
  photo: File | null;
  preview: string | null;
  error: string | null;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={preview} alt="" size={80} radius="xl" />
      <Stack gap="xs" miw={0}>
        <Text id={labelId} size="sm" fw={500}>
          Photo (optional)
        </Text>
        <Group gap="xs">
          <FileButton
            onChange={onChoose}
            accept={PHOTO_ACCEPT}
            inputProps={error ? { 'aria-invalid': true, 'aria-describedby': errorId } : undefined}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhoto size={16} aria-hidden />}
                // The button stands for the (hidden) file field: it carries the field's error.
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${labelId} ${errorId}` : labelId}
              >
                {photo ? 'Change photo' : 'Choose photo'}
              </Button>
            )}
          </FileButton>
          {photo && (
            <Button variant="default" size="xs" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
              Remove photo
            </Button>
          )}
        </Group>
        {error && (
          <Text id={errorId} size="sm" c="var(--mantine-color-error)">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Sign-up step 2 → 3: first and last name, and an optional photo with a preview. */
export function SignupPersonalInfoForm({ userId }: { userId: number }) {
  const save = useSavePersonalInfo();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // A data: address needs no releasing, unlike an object URL; photos are at most 5 MB.
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<NamesFormValues>({
    initialValues: { first_name: '', last_name: '' },
    validate: schemaResolver(personalNamesSchema, { sync: true }),
  });

  const choosePhoto = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) return;
    setPhoto(file);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const removePhoto = () => {
    setPhoto(null);
    setPreview(null);
  };

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const names = personalNamesSchema.parse(values);
    save.mutate(
      { user_id: userId, ...names, logo: photo },
      {
        onSuccess: (response) => {
          notifySuccess('Success', response.message);
          // Names and photo as the server stored them; the header's profile chip shows them.
          sessionStore.resumeSignup(response.user);
          sessionStore.setSignupStep(SIGNUP_STEP.personalInfoSaved);
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error);
          if (fieldErrors) {
            const { logo, ...names } = fieldErrors;
            form.setErrors(names);
            if (logo) setPhotoError(logo);
          }
          notifySignupError(error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PhotoField photo={photo} preview={preview} error={photoError} onChoose={choosePhoto} onRemove={removePhoto} />
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
        <Button type="submit" fullWidth loading={save.isPending}>
          Save and continue
        </Button>
      </Stack>
    </form>
  );
}
