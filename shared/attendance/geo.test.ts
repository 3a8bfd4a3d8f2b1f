import { describe, expect, it } from 'vitest';
import { distanceMeters, offsetBy } from './geo.ts';

describe('distance between positions', () => {
  it('measures known distances', () => {
    // One degree of latitude is about 111.2 km; Shanghai People's Square to the Bund is about 1.6 km.
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ latitude: 31.2304, longitude: 121.4737 }, { latitude: 31.2400, longitude: 121.4900 })).toBeGreaterThan(1800);
    expect(distanceMeters({ latitude: 31.2304, longitude: 121.4737 }, { latitude: 31.2304, longitude: 121.4737 })).toBe(0);
  });

  it('finds its way back from an offset, across the date line too', () => {
    for (const [from, meters, bearing] of [[{ latitude: 31.23, longitude: 121.47 }, 150, 45], [{ latitude: -33.86, longitude: 151.2 }, 4999, 200], [{ latitude: 10, longitude: 179.9999 }, 500, 90]] as const) {
      const to = offsetBy(from, meters, bearing);
      expect(distanceMeters(from, to)).toBeCloseTo(meters, 3);
      expect(Math.abs(to.longitude)).toBeLessThanOrEqual(180);
    }
  });
});
