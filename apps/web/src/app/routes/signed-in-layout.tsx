import { ActingLayout } from '@/features/admin/components/acting-layout';
import { SupportChat } from '@/features/chat/components/support-chat';

/** Every signed-in screen: the acting banner when it applies, and the support chat. */
export function SignedInLayout() {
  return (
    <>
      <ActingLayout />
      <SupportChat />
    </>
  );
}
