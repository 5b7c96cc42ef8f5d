import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pathAfterSignIn } from '@/lib/route-names';

/** Leaves the login page for the route named by `redirect` (home when unknown). */
export function useFinishSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return useCallback(
    () => Promise.resolve(navigate(pathAfterSignIn(searchParams), { replace: true })),
    [navigate, searchParams],
  );
}
