// The console's pickers (console/resource/picker.tsx): a short list is a native select, a long one
// (more than 20 options) the searchable combobox. pick() chooses by the option's text either way.
import { expect, type Locator } from '@playwright/test';

/** The listbox a picker's input controls. */
export const pickerList = async (field: Locator): Promise<Locator> => field.page().locator(`[id="${await field.getAttribute('aria-controls')}"]`);

/** Chooses the option whose text contains `text` (a select's option label or the picker's item). */
export async function pick(field: Locator, text: string): Promise<void> {
  // While its options load the list is empty, so a select; past 20 it becomes the combobox. Wait
  // until the select offers the option or the field is the combobox's input before telling which.
  await expect(field.locator('option').filter({ hasText: text }).first().or(field.and(field.page().locator('input')))).toBeAttached();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    const value = await field.locator('option').filter({ hasText: text }).first().getAttribute('value');
    await field.selectOption(value!);
    await expect(field.locator('option:checked').filter({ hasText: text })).not.toHaveCount(0);
    return;
  }
  await field.click();
  await field.fill(text);
  const list = await pickerList(field);
  await list.getByRole('option').filter({ hasText: text }).first().click();
  // The choice shows: a chip of a picker of several, the input's text of a picker of one.
  await expect
    .poll(() =>
      field.evaluate((input: HTMLInputElement, wanted) => {
        const chips = [...(input.closest('[data-picker]')?.querySelectorAll('[data-chip]') ?? [])].map((c) => c.textContent ?? '');
        // A picker of one closes on a choice; while open, the input holds the typed query.
        return chips.some((c) => c.includes(wanted)) || (input.getAttribute('aria-expanded') !== 'true' && input.value.includes(wanted));
      }, text),
    )
    .toBe(true);
}

/** The first option a picker (or select) offers: its value and its text. */
export async function firstOption(field: Locator): Promise<{ value: string; label: string }> {
  await expect(field.locator('option[value]:not([value=""])').first().or(field.and(field.page().locator('input')))).toBeAttached();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    const option = field.locator('option[value]:not([value=""])').first();
    return { value: (await option.getAttribute('value'))!, label: (await option.textContent())!.trim() };
  }
  await field.click();
  const option = (await pickerList(field)).getByRole('option').first();
  const found = { value: (await option.getAttribute('data-value'))!, label: (await option.textContent())!.trim() };
  await field.press('Escape');
  return found;
}

/** How many options containing `text` a picker (or select) offers: a select's options, or the picker's list narrowed by typing it. */
export async function offered(field: Locator, text: string): Promise<number> {
  await expect(field.locator('option').first().or(field.and(field.page().locator('input')))).toBeAttached();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') return field.locator('option').filter({ hasText: text }).count();
  await field.click();
  await field.fill(text);
  const list = await pickerList(field);
  // Narrowed once every option it shows holds the text (none left is narrowed too).
  const options = list.getByRole('option');
  await expect.poll(async () => (await options.count()) === (await options.filter({ hasText: text }).count())).toBe(true);
  const count = await options.count();
  await field.fill('');
  await field.press('Escape');
  return count;
}
