import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { BarcodeReader } from '@/features/audits/utils/barcode-detector';

/** Time between two looks at the camera's picture. */
const LOOK_EVERY_MS = 250;
/** A code in view is read many times a second: it counts again only after this long. */
const SAME_CODE_PAUSE_MS = 3_000;

function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return "Baletrack may not use the camera. Allow it in the browser's settings, or type the tags.";
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'This phone has no camera Baletrack can use. Type the tags instead.';
  }
  return 'The camera could not be started. Close this and try again, or type the tags.';
}

interface CameraViewProps {
  reader: BarcodeReader;
  onRead: (code: string) => void;
}

/** The camera's picture while it is open; the camera stops when it closes. */
function CameraView({ reader, onRead }: CameraViewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest callback, without restarting the camera each time it changes.
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    const lastRead = new Map<string, number>();
    const look = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        for (const { rawValue } of await reader.detect(element)) {
          const now = Date.now();
          if (now - (lastRead.get(rawValue) ?? 0) < SAME_CODE_PAUSE_MS) continue;
          lastRead.set(rawValue, now);
          onReadRef.current(rawValue);
        }
      } catch {
        // A frame that is not ready yet; the next look tries again.
      }
      if (!stopped) timer = window.setTimeout(() => void look(), LOOK_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        void look();
      })
      .catch((error: unknown) => {
        if (!stopped) setProblem(cameraProblem(error));
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [reader]);

  if (problem) {
    return (
      <Alert color="red" variant="light" role="alert">
        {problem}
      </Alert>
    );
  }
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label="Camera"
      style={{
        width: '100%',
        maxHeight: '60vh',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'black',
      }}
    />
  );
}

interface CameraScannerProps {
  opened: boolean;
  onClose: () => void;
  reader: BarcodeReader | null;
  onRead: (code: string) => void;
  /** What the last scan did, as under the input. */
  lastScan: string | null;
}

/** "Scan with the camera": each code the camera reads is scanned like a typed tag. */
export function CameraScanner({ opened, onClose, reader, onRead, lastScan }: CameraScannerProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Scan with the camera"
      fullScreen={phone}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {reader && <CameraView reader={reader} onRead={onRead} />}
        <Text c="dimmed" size="sm">
          Hold the tag's barcode in the picture; each code read is added once.
        </Text>
        {lastScan && <Text fw={600}>{lastScan}</Text>}
        <Button onClick={onClose} size="lg">
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
