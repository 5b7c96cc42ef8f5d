import { useEffect, useMemo, useState } from 'react';
import type { Imagery } from '@/components/imagery-switch';
import { getRuntimeConfig } from '@/config/runtime-config';
import { canReachImagery, chooseImagery, type ImageryChoice } from '@/lib/map-imagery';

export interface ImageryState {
  /** Null when the operator turned the default imagery off and configured none. */
  source: ImageryChoice | null;
  /** What is shown: the grower's pick, else satellite when its provider answers. */
  imagery: Imagery;
  setImagery: (imagery: Imagery) => void;
  /** Whether offering the switch makes sense (the provider answered, or is the operator's). */
  available: boolean;
  /** Satellite tiles are drawn. */
  onImagery: boolean;
}

/**
 * Satellite or plain map for one map: satellite by default when the operator configured tiles
 * or the default provider is reachable; the plain bundled basemap otherwise (no internet, CI).
 */
export function useImagery(): ImageryState {
  const source = useMemo(() => chooseImagery(getRuntimeConfig()), []);
  const [reachable, setReachable] = useState<boolean | undefined>(
    source === null ? false : source.byOperator ? true : undefined,
  );
  const [picked, setPicked] = useState<Imagery | null>(null);
  useEffect(() => {
    if (source === null || source.byOperator) return;
    let live = true;
    void canReachImagery(source).then((ok) => {
      if (live) setReachable(ok);
    });
    return () => {
      live = false;
    };
  }, [source]);
  const imagery = picked ?? (reachable ? 'satellite' : 'map');
  return {
    source,
    imagery,
    setImagery: setPicked,
    available: reachable === true,
    onImagery: reachable === true && imagery === 'satellite',
  };
}
