import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useId,
  useState,
} from 'react';

// The sign-in screens' controls in plain React and CSS (auth.css), so the first visit to /login
// loads no component library (docs/adr/0016-code-splitting-and-compression.md). Each field is
// labelled, says when it is invalid and points to its hint and error (docs/product.md#accessibility).

interface FieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: string;
  type?: 'text' | 'email' | 'password';
}

function describedBy(id: string, description: unknown, error: unknown): string | undefined {
  const ids = [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  description,
  type = 'text',
  ...input
}: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const field = (
    <input
      {...input}
      id={id}
      className="bt-auth-input"
      type={password && shown ? 'text' : type}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, description, error)}
    />
  );
  return (
    <div className="bt-auth-field">
      <label className="bt-auth-label" htmlFor={id}>
        {label}
      </label>
      {description && (
        <div className="bt-auth-hint" id={`${id}-hint`}>
          {description}
        </div>
      )}
      {password ? (
        <div className="bt-auth-input-wrap">
          {field}
          <button
            type="button"
            className="bt-auth-toggle"
            aria-label="Show or hide characters"
            aria-pressed={shown}
            onClick={() => setShown((now) => !now)}
          >
            <EyeIcon crossed={shown} />
          </button>
        </div>
      ) : (
        field
      )}
      {error && (
        <div className="bt-auth-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type'>) {
  return <TextField {...props} type="password" />;
}

/** The 6-digit code from a confirmation or reset email. */
export function ConfirmationCodeField(props: Omit<FieldProps, 'label'>) {
  return (
    <TextField
      label="Confirmation code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
        {crossed && <path d="M3 3l18 18" />}
      </g>
    </svg>
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  loading?: boolean;
  variant?: 'filled' | 'default';
}

export function Button({ loading = false, variant = 'filled', ...button }: ButtonProps) {
  return (
    <button
      type="button"
      {...button}
      className={`bt-auth-button${variant === 'default' ? ' is-default' : ''}`}
      disabled={button.disabled || loading}
      aria-busy={loading || undefined}
    />
  );
}

/** A button that reads as a link (another step of the same screen). */
export function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className="bt-auth-link" />;
}

export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <p className="bt-auth-center">
      <LinkButton onClick={onClick}>Back to sign in</LinkButton>
    </p>
  );
}

interface FormAlertProps {
  message: ReactNode;
  tone?: 'error' | 'success';
}

/** A message about the whole form (a refused sign-in, a confirmed account). */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) {
    return null;
  }
  return (
    <div className={`bt-auth-alert${tone === 'success' ? ' is-success' : ''}`} role="alert">
      {message}
    </div>
  );
}

/** Shown while the server keeps mail in its local outbox, so codes can still be read. */
export function MailboxNote({ url }: { url: string | undefined }) {
  if (!url) {
    return null;
  }
  return (
    <p className="bt-auth-note">
      No mail server is configured:{' '}
      <a className="bt-auth-link" href={url} target="_blank" rel="noopener">
        open the local mailbox
      </a>
    </p>
  );
}
