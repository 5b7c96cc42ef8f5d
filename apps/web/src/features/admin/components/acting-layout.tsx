import { Outlet } from 'react-router';
import { ActingBanner } from '@/features/admin/components/acting-banner';

/** Every signed-in screen, with the SuperAdmin's acting banner over it when it applies. */
export function ActingLayout() {
  return (
    <>
      <Outlet />
      <ActingBanner />
    </>
  );
}
