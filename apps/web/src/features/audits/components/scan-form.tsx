import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, type RefObject, useMemo, useState } from 'react';
import { CameraScanner } from '@/features/audits/components/camera-scanner';
import type { ScanOutcome } from '@/features/audits/utils/audit-scans';
import { barcodeDetector } from '@/features/audits/utils/barcode-detector';

/** What a scan did, in words, and its colour; nothing for an empty Enter. */
export function scanMessage(outcome: ScanOutcome | null): { text: string; color: string } | null {
  switch (outcome?.kind) {
    case 'found':
      return { text: `${outcome.tag} found.`, color: 'green' };
    case 'notExpected':
      return { text: `${outcome.tag} is not expected in this stack.`, color: 'orange' };
    case 'alreadyScanned':
      return { text: `${outcome.tag} already scanned.`, color: 'blue' };
    case 'notATag':
      return { text: outcome.message, color: 'red' };
    default:
      return null;
  }
}

interface ScanFormProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onScan: (typed: string) => void;
  lastOutcome: ScanOutcome | null;
}

/**
 * The scan input: a keyboard-wedge RFID or barcode reader types the tag and Enter, as a person
 * typing does. The input empties and keeps the focus after each, ready for the next bale.
 */
export function ScanForm({ inputRef, onScan, lastOutcome }: ScanFormProps) {
  const [typed, setTyped] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const Detector = barcodeDetector();
  const reader = useMemo(
    () => (cameraOpen && Detector ? new Detector() : null),
    [cameraOpen, Detector],
  );
  const message = scanMessage(lastOutcome);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onScan(typed);
    setTyped('');
    inputRef.current?.focus();
  };
  const closeCamera = () => {
    setCameraOpen(false);
    inputRef.current?.focus();
  };

  return (
    <>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            ref={inputRef}
            label="Scan or type a tag"
            size="xl"
            style={{ flex: 1 }}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="enter"
          />
          <Button type="submit" size="xl" variant="default">
            Add
          </Button>
        </Group>
        <Text role="status" mt="xs" mih="1.5em" fw={600} c={message?.color}>
          {message?.text}
        </Text>
        {Detector && (
          <Button variant="light" size="md" mt="xs" onClick={() => setCameraOpen(true)}>
            Scan with the camera
          </Button>
        )}
      </form>
      {Detector && (
        <CameraScanner
          opened={cameraOpen}
          onClose={closeCamera}
          reader={reader}
          onRead={onScan}
          lastScan={message?.text ?? null}
        />
      )}
    </>
  );
}
