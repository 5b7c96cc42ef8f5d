import '@/features/identity/components/auth.css';
import { messages } from '@baletrack/contracts/errors/messages';

/**
 * Without /config.json the app cannot reach its APIs or the user pool. Plain React and the sign-in
 * screens' CSS: the entry shows it before any of the app has loaded.
 */
export function StartupError() {
  return (
    <div className="bt-auth">
      <main className="bt-auth-column" style={{ alignItems: 'center', textAlign: 'center' }}>
        <h1 className="bt-auth-title">Baletrack could not start</h1>
        <p style={{ margin: 0 }}>{messages.generic}</p>
        <button
          type="button"
          className="bt-auth-button"
          style={{ width: 'auto' }}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </main>
    </div>
  );
}
