import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type LegalDocument, legalDocuments } from '@/features/identity/components/legal-documents';

interface LegalDocumentDialogProps {
  document: LegalDocument | null;
  onClose: () => void;
}

export function LegalDocumentDialog({ document, onClose }: LegalDocumentDialogProps) {
  const shown = document ? legalDocuments[document] : undefined;
  return (
    <Modal opened={shown !== undefined} onClose={onClose} title={shown?.title} size="lg">
      <Stack gap="sm">
        {shown?.paragraphs.map((paragraph) => (
          <Text key={paragraph} size="sm">
            {paragraph}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
