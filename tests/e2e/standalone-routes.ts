// The stand-alone windows (SPEC §2 "Stand-alone paths": a page the console opens without its shell):
// what each shows once it is there, and how a journey waits for it. Shared by the whole-page axe pass
// and the 1280x720 page walk.
import { expect, type Page } from './fixtures.ts';

/**
 * What each stand-alone window shows once it is there: a resource page's own root, the player playing,
 * the wall's camera list filled, a record page's record. Each page is the same module the shell shows,
 * here without the shell (SPEC §2 "Stand-alone paths").
 */
export const STANDALONE_READY: Record<string, { query?: string; selector: string; timeout?: number }> = {
  // The player with its picture moving (its toolbar and the live/replay switch are what is scanned).
  video: { query: 'id=1&muted=true', selector: 'atrium-video-player [data-pane=live][data-status=playing]', timeout: 20_000 },
  video_wall: { selector: 'atrium-video-wall [data-role=camera-list] [role=option]' },
  // The year's calendar (the page shows no loading state of its own).
  linkmng_holiday: { selector: '[data-page=holiday] [data-day]' },
  linkmng_quick_scene: { selector: '[data-page=quick-scene] table' },
  linkmng_link_group: { selector: '[data-page=link-group]' },
  devstatus_tabs: { selector: '[data-view=cards] [data-device-card]' },
  alarm_search: { selector: '[data-page=alarm-search] table' },
  devmng_search: { selector: '[data-page=history-search]' },
  ops_gate_log: { selector: '[data-page=gate-log] table' },
  link_findrecord: { selector: '[data-page=link-record] table' },
  alarm_config: { selector: '[data-page=alarm-config] table' },
};

/**
 * A page without the shell is ready when `selector` (its own content, through the kit's shadow roots)
 * is on screen and nothing in the page says it is busy; never the 401/404 page.
 */
export const standaloneReady =
  (selector: string, timeout = 10_000) =>
  async (page: Page, to: string): Promise<void> => {
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.locator(selector).first()).toBeVisible({ timeout });
    await page.waitForFunction(() => !document.querySelector('[aria-busy=true]'), undefined, { polling: 'raf', timeout: 10_000 });
    await expect(page.getByRole('heading', { name: /^(401|404)/ })).toHaveCount(0);
  };

