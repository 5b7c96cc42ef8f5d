// Lib code notices that the session is gone (an API answered 'Invalid auth tokens', a token
// refresh failed); the app decides what happens then (sign out, go to login).
type AuthFailureHandler = () => Promise<void>;

let handler: AuthFailureHandler | undefined;
let running: Promise<void> | undefined;

export function setAuthFailureHandler(next: AuthFailureHandler): void {
  handler = next;
}

/** Runs the handler once, however many requests fail together. */
export function reportAuthFailure(): Promise<void> {
  if (!handler) {
    return Promise.resolve();
  }
  running ??= handler().finally(() => {
    running = undefined;
  });
  return running;
}
