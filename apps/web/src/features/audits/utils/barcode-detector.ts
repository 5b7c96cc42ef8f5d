// The browser's barcode reader (the Shape Detection API), where it offers one: Chrome on Android
// does, most desktop browsers and Safari do not. TypeScript's DOM types do not name it yet.

interface DetectedBarcode {
  rawValue: string;
}

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

type BarcodeReaderClass = new () => BarcodeReader;

/** The browser's BarcodeDetector, when it has one and a camera to feed it. */
export function barcodeDetector(): BarcodeReaderClass | undefined {
  if (!('BarcodeDetector' in window) || !navigator.mediaDevices?.getUserMedia) return undefined;
  return (window as unknown as { BarcodeDetector: BarcodeReaderClass }).BarcodeDetector;
}
