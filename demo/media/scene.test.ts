// The demo cameras' drawn pictures: which kind of place a camera shows, and the line it prints.
import { describe, expect, it } from 'vitest';
import { sceneKindOf, titleLine } from './scene.ts';

describe('a demo camera\'s picture', () => {
  it('shows the kind of place its names say, in either language', () => {
    expect(sceneKindOf('Underground car park EV chargers 地下停车场充电桩 地下停车场')).toBe('parking');
    expect(sceneKindOf('Server room 1 rack row 1号机房机柜列 1号机房')).toBe('machines');
    expect(sceneKindOf('Building B boiler room B栋锅炉房 B栋')).toBe('machines');
    expect(sceneKindOf('Headquarters campus north gate 总部园区北门 总部园区')).toBe('outdoor');
    expect(sceneKindOf('Building B roof helipad B栋屋顶停机坪 B栋')).toBe('outdoor');
    // A lobby's main entrance and a revolving door are inside, whatever the word for door.
    expect(sceneKindOf('Building A lobby main entrance A栋大堂正门 A栋')).toBe('indoor');
    expect(sceneKindOf('A栋旋转门 A栋')).toBe('indoor');
    expect(sceneKindOf('新摄像机')).toBe('indoor');
  });

  it('prints its label and own name, in English when no Chinese font is installed', () => {
    const title = { label: 'CAM-022', name: 'B栋安保台', nameEn: 'Building B security desk' };
    expect(titleLine(title, true)).toBe('CAM-022  B栋安保台');
    expect(titleLine(title, false)).toBe('CAM-022  Building B security desk');
    // A name typed in Chinese has no English form: the label alone, never boxes for missing glyphs.
    expect(titleLine({ ...title, nameEn: null }, false)).toBe('CAM-022');
    expect(titleLine({ label: 'ST-CAM-001', name: 'Gate 7', nameEn: null }, false)).toBe('ST-CAM-001  Gate 7');
  });
});
