import { afterEach, beforeEach } from 'vitest';

type HappyDomWindow = Window & {
  happyDOM: { setViewport: (viewport: { width: number; height: number }) => void };
};

/**
 * Puts the describe block's tests on a phone's 390×844 screen (media queries answer as on a
 * phone), and happy-dom's window back to its 1024×768 after each.
 * @example describe('on a phone', () => { onPhoneScreen(); it(…) })
 */
export function onPhoneScreen(): void {
  const happyDom = () => (window as unknown as HappyDomWindow).happyDOM;
  beforeEach(() => happyDom().setViewport({ width: 390, height: 844 }));
  afterEach(() => happyDom().setViewport({ width: 1024, height: 768 }));
}
