import { describe, expect, it } from 'vitest';
import { videoPropsFromQuery } from './query.ts';

describe('/video query parameters', () => {
  it('maps the SPEC names onto the player props', () => {
    const q = new URLSearchParams('id=12&playType=1&disableYunControl=true&muted=1&startTime=2024-01-01%2000:00:00&endTime=2024-01-01%2001:00:00');
    expect(videoPropsFromQuery(q)).toEqual({
      cameraId: '12',
      devLabel: undefined,
      playType: 1,
      disableYunControl: true,
      muted: true,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-01 01:00:00',
    });
  });

  it('treats a missing playType as live and false flags as off', () => {
    // SPEC §4: "A missing playType means 0."
    const props = videoPropsFromQuery(new URLSearchParams('devLabel=CAM-001&disableYunControl=false'));
    expect(props).toMatchObject({ devLabel: 'CAM-001', disableYunControl: false, muted: false });
    expect(props.playType).toBe(0);
    expect(videoPropsFromQuery(new URLSearchParams('id=3&playType=')).playType).toBe(0);
    expect(videoPropsFromQuery(new URLSearchParams('id=3&playType=abc')).playType).toBe(0);
    expect(videoPropsFromQuery(new URLSearchParams('id=3&playType=2')).playType).toBe(2);
  });
});
