import type { RuntimeConfig } from '@/config/runtime-config';

// Client errors go to the error-reporting service only when the server names a DSN in
// /config.json (docs/product.md#error-reporting). The SDK is loaded only then, so a deployment
// without it never downloads it.

type Sdk = typeof import('@/lib/error-reporting-sdk');
let sdk: Sdk | undefined;

export async function startErrorReporting(config: RuntimeConfig): Promise<void> {
  if (!config.errorReporting) return;
  try {
    sdk = await import('@/lib/error-reporting-sdk');
    sdk.initSdk(config.errorReporting);
  } catch (error) {
    // Reporting must never keep the app from starting.
    console.error(error);
  }
}

/** Reports an error an error boundary caught (the SDK sees uncaught ones by itself). */
export function reportError(error: unknown): void {
  sdk?.captureError(error);
}
