import { describe, expect, it } from 'vitest';
import { localFrame, ringAreaM2 } from './local-frame.ts';

describe('localFrame', () => {
  const frame = localFrame({ lat: 46.55, lon: -120.33 });

  it('puts a kilometre north at about 0.009° of latitude', () => {
    const p = frame.toLatLon({ x: 0, y: 1000 });
    expect(p.lat - 46.55).toBeCloseTo(0.008993, 6);
    expect(p.lon).toBe(-120.33);
  });

  it('shrinks longitude degrees by the cosine of the latitude', () => {
    const p = frame.toLatLon({ x: 1000, y: 0 });
    expect(p.lon + 120.33).toBeCloseTo(0.008993 / Math.cos((46.55 * Math.PI) / 180), 6);
  });

  it('round-trips', () => {
    const back = frame.toMetres(frame.toLatLon({ x: 1234.5, y: -678.9 }));
    expect(back.x).toBeCloseTo(1234.5, 6);
    expect(back.y).toBeCloseTo(-678.9, 6);
  });
});

describe('ringAreaM2', () => {
  it('measures a square either way round', () => {
    const ring = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(ringAreaM2(ring)).toBe(10_000);
    expect(ringAreaM2([...ring].reverse())).toBe(10_000);
  });
});
