import { AppShell, Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from '@/app/routes/app-header';
import { ACTING_BANNER_HEIGHT, ActingBanner } from '@/features/admin/components/acting-banner';
import { useIsActing } from '@/features/admin/hooks/use-is-acting';
import { roomUnderPage } from '@/features/chat/chat-placement';

// The header bar's height; the acting banner adds its strip below it. The map and the Fields
// screen fill the window below both (`--app-shell-header-offset`).
const HEADER_HEIGHT = 60;

// Loaded after the page itself: the chat (its drawer, markdown and scroll areas) is a tenth of
// the app's script and no screen waits for it (docs/adr/0016-code-splitting-and-compression.md).
const SupportChat = lazy(() =>
  import('@/features/chat/components/support-chat').then((chat) => ({
    default: chat.SupportChat,
  })),
);

/**
 * Every signed-in screen (docs/product.md#the-app-shell): one header with the product, the
 * organization and the menu; the page in `main`; the acting banner when a SuperAdmin acts for an
 * organization; the support chat.
 */
export function SignedInLayout() {
  const acting = useIsActing();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: HEADER_HEIGHT + (acting ? ACTING_BANNER_HEIGHT : 0) }} padding={0}>
      <AppShell.Header>
        <Box h={HEADER_HEIGHT}>
          <AppHeader />
        </Box>
        <ActingBanner />
      </AppShell.Header>
      {/* Padding within main's window height: a page's end scrolls clear of the chat's button,
          and a short page does not scroll at all. */}
      <AppShell.Main pb={roomUnderPage(pathname)}>
        <Outlet />
      </AppShell.Main>
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </AppShell>
  );
}
