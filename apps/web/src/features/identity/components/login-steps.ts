// The steps after the first (registration, confirmation, password reset, new password): one chunk
// loaded when the user goes to one, so the sign-in page's first load holds only the sign-in form
// (docs/adr/0016-code-splitting-and-compression.md).
export { ConfirmSignUpForm } from '@/features/identity/components/confirm-sign-up-form';
export { ForgotPasswordForm } from '@/features/identity/components/forgot-password-form';
export { NewPasswordForm } from '@/features/identity/components/new-password-form';
export { RegisterForm } from '@/features/identity/components/register-form';
export { ResetPasswordForm } from '@/features/identity/components/reset-password-form';
export { SignInCodeForm } from '@/features/identity/components/sign-in-code-form';
