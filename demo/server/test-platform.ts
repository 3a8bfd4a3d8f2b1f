// One platform per describe block of the server tests: started (test switch on) before its tests with
// both tenants' admins signed in, stopped and its data folder removed after; `call` answers the
// envelope of a signed request in English.
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from './app.ts';
import { api, login, removeDir, start, type Running } from './testing.ts';

export interface TestPlatform {
  s: Running;
  admin: string;
  admin2: string;
  call(token: string, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<any>;
}

export function usePlatform(options: Partial<AppOptions> = {}): TestPlatform {
  const platform = {
    call: async (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
      (await api(platform.s.base, method, path, { token, body, ...(query ? { query } : {}), headers: { lang: 'en' } })).body,
  } as TestPlatform;
  beforeAll(async () => {
    platform.s = await start({ faults: true, ...options });
    [platform.admin, platform.admin2] = await Promise.all([login(platform.s.base, 'admin', 'admin123'), login(platform.s.base, 'admin2', 'admin123')]);
  });
  afterAll(async () => {
    await platform.s.stop();
    removeDir(platform.s.dir);
  });
  return platform;
}
