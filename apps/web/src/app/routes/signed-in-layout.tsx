import { lazy, Suspense } from 'react';
import { ActingLayout } from '@/features/admin/components/acting-layout';

// Loaded after the page itself: the chat (its drawer, markdown and scroll areas) is a tenth of
// the app's script and no screen waits for it (docs/adr/0016-code-splitting-and-compression.md).
const SupportChat = lazy(() =>
  import('@/features/chat/components/support-chat').then((chat) => ({
    default: chat.SupportChat,
  })),
);

/** Every signed-in screen: the acting banner when it applies, and the support chat. */
export function SignedInLayout() {
  return (
    <>
      <ActingLayout />
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </>
  );
}
