import { useState } from 'react';
import type { Position } from '@/features/audits/api/audits-keys';

/** How long to wait for a position: a yard's phone may take a while to find the satellites. */
const LOCATE_TIMEOUT_MS = 20_000;

// Why no position came, in the words the page shows.
const refused =
  "Baletrack may not use this phone's location. Allow it in the browser's settings to see the nearest stacks first, or pick the stack from the list.";
const unknown =
  'The phone could not tell where it is just now. Try again in a moment, or pick the stack from the list.';
const unavailable =
  'This browser does not share its location. Pick the stack from the list; it is sorted by storage area.';

/** The phone's position for "Nearest first", asked only when the person asks for it. */
export function usePhonePosition() {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem(unavailable);
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setPosition({ lat: coords.latitude, lon: coords.longitude });
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? refused : unknown);
      },
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  return { position, locating, problem, locate };
}
