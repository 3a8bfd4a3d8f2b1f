import { describe, expect, it } from 'vitest';
import { splitLogoUrl } from './tenant.ts';

describe('tenant logos', () => {
  it('splits main and small logo', () => {
    expect(splitLogoUrl('/upload/logo/a.svg;/upload/logo/b.svg')).toEqual({ main: '/upload/logo/a.svg', small: '/upload/logo/b.svg' });
  });

  it('falls back to defaults for missing or unsafe values', () => {
    expect(splitLogoUrl('')).toEqual({ main: null, small: null });
    expect(splitLogoUrl(null)).toEqual({ main: null, small: null });
    expect(splitLogoUrl('javascript:alert(1);//evil.example/x.png')).toEqual({ main: null, small: null });
    expect(splitLogoUrl('https://cdn.example/l.png;http://plain.example/s.png')).toEqual({ main: 'https://cdn.example/l.png', small: null });
  });
});
