import { getRuntimeConfig } from '@/config/runtime-config';
import { LoginScreen } from '@/features/identity/components/login-screen';

export function LoginRoute() {
  return <LoginScreen mailboxUrl={getRuntimeConfig().mailboxUrl} />;
}
