// Every journey uses this `test`: all specs share one demo server, so a fault a test switched on
// (the test-only fault switch) is cleared after it, whether the test passed or failed.
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export const test = base.extend<{ clearFaultsAfter: void }>({
  clearFaultsAfter: [
    async ({ baseURL }, use) => {
      await use();
      await fetch(`${baseURL}/__test/faults`, { method: 'DELETE' });
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page };
