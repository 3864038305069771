import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '@/lib/download-file';

const FILE_NAME = 'recovery-codes.txt';

/**
 * The ten recovery codes, shown once (only their hashes are kept): to copy or download, and
 * "I have saved them" to go on.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Text size="sm">
        Keep these recovery codes somewhere safe. If you cannot use your authenticator app, each one signs you in once.
        They are shown only now.
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2 }} spacing="xs" p={0} m={0} aria-label="Recovery codes">
        {codes.map((code) => (
          <Text component="li" key={code} style={{ listStyle: 'none' }}>
            <Code fz="md">{code}</Code>
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), FILE_NAME)}
        >
          Download
        </Button>
      </Group>
      <Button onClick={onSaved}>I have saved them</Button>
    </Stack>
  );
}
