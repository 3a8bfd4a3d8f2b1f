// Documents through the console: a PDF uploaded in the form (with its progress) becomes a row, and
// its preview draws the page with pdf.js under the console's strict CSP; a file over 50 MB is refused
// before any byte is sent; an SVG carrying a script is only ever downloaded, and opened directly it
// runs nothing. (Versions, type sniffing and the second tenant are demo/server/document.test.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { signHeaders } from '../../demo/server/testing.ts';
import { signIn, zh } from './console-helpers.ts';
import { signIn as signInApi } from './video-helpers.ts';
import { firstOption, pick } from './picker-helpers.ts';

/** A one-page PDF with a line of text, its cross-reference table at the right offsets. */
function onePagePdf(line: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const dir = mkdtempSync(join(tmpdir(), 'atrium-docs-'));

test('a PDF uploaded in the form previews; a file over 50 MB is refused before sending; an SVG never runs', async ({ page, context, baseURL }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const suffix = String(Date.now() % 100000);
  await signIn(page, 'admin', { to: '/document/index' });
  const root = page.locator('[data-page=document]');

  // Over 50 MB: the form says so and sends nothing.
  let uploads = 0;
  page.on('request', (r) => r.url().includes('/api/document/upload') && uploads++);
  const big = join(dir, 'big.pdf');
  writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, 0x20));
  await root.locator('[data-action=create]').click();
  const form = page.getByTestId('resource-form');
  await form.locator('[data-part=file-input]').setInputFiles(big);
  await expect(form.locator('[data-part=file-problem]')).toHaveText(zh('validate.file.documentSize', { max: 50 }));
  expect(uploads).toBe(0);
  // Saving without a file names the file.
  await form.locator('[name=number]').fill(`DOC-${suffix}`);
  await form.locator('[name=name]').fill('Chiller manual');
  await form.locator('button[type=submit]').click();
  await expect(form.getByRole('alert').filter({ hasText: zh('validate.file.required') })).toHaveCount(1);

  // A real PDF: uploaded at once, then saved with the form.
  const pdf = join(dir, 'manual.pdf');
  writeFileSync(pdf, onePagePdf('Chiller maintenance manual'));
  await form.locator('[data-part=file-input]').setInputFiles(pdf);
  await expect(form.locator('[data-part=uploaded]')).toContainText('manual.pdf');
  expect(uploads).toBe(1);
  await form.locator('[name=tags]').fill('manual, chiller');
  // Related to a device: the relation page lists it under that device.
  const devices = form.locator('[name=deviceIds]');
  const device = await firstOption(devices);
  await pick(devices, device.label);
  // A picker of several stays open after a choice, its list over the dialog's foot: leave it by Tab,
  // as a keyboard user would, so the click on Save lands on Save and not on the closing list (a
  // fresh-clone run once clicked the list and the form stayed open).
  if ((await devices.evaluate((el) => el.tagName)) === 'INPUT') {
    await devices.press('Tab');
    await expect(devices).not.toHaveAttribute('aria-expanded', 'true');
  }
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const row = root.locator('tbody tr[data-row]', { hasText: `DOC-${suffix}` });
  await expect(row).toContainText('manual.pdf');
  await expect(row).toContainText('chiller');

  // The preview draws the page (pdf.js, lazily loaded) without breaking the CSP.
  await row.locator('[data-action=preview]').click();
  const preview = page.getByTestId('document-preview');
  await expect(preview.locator('[data-part=page]')).toHaveText(zh('documents.page', { page: 1, pages: 1 }));
  const canvas = preview.locator('canvas[data-part=pdf-page]');
  await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 15_000 });
  // Ink on the page: the text was drawn, not just a white rectangle.
  const dark = await canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 0) n++;
    return n;
  });
  expect(dark).toBeGreaterThan(200);
  await preview.getByRole('button', { name: zh('documents.close') }).click();
  await expect(preview).toBeHidden();

  await page.goto('/relation/device');
  await pick(page.locator('[data-part=device-documents] [name=document-device]'), device.label);
  await expect(page.locator(`[data-part=device-documents] li[data-document="DOC-${suffix}"]`)).toContainText('manual.pdf');
  await page.goto('/document/index');

  // An SVG with a script: listed, never offered for preview, downloaded as an attachment.
  const svg = join(dir, 'drawing.svg');
  writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title = "ran"; fetch("/api/document/ran")</script></svg>');
  await root.locator('[data-action=create]').click();
  await form.locator('[name=number]').fill(`SVG-${suffix}`);
  await form.locator('[name=name]').fill('Drawing');
  await form.locator('[data-part=file-input]').setInputFiles(svg);
  await expect(form.locator('[data-part=uploaded]')).toContainText('drawing.svg');
  await form.locator('button[type=submit]').click();
  await expect(form).toBeHidden();
  const svgRow = root.locator('tbody tr[data-row]', { hasText: `SVG-${suffix}` });
  await expect(svgRow.locator('[data-action=preview]')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await svgRow.locator('[data-action=download]').click();
  expect((await download).suggestedFilename()).toBe('drawing.svg');

  // Opened directly — its real answer, headers and all, on the console's origin — the script does not run.
  const id = await svgRow.getAttribute('data-row');
  const token = await signInApi(baseURL!, 'admin', 'admin123');
  const direct = await context.newPage();
  let ran = false;
  direct.on('request', (r) => r.url().includes('/api/document/ran') && (ran = true));
  let answered: Record<string, string> | null = null;
  await direct.route('**/api/document/*/file*', async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), ...signHeaders(token, 'inline=1'), 'access-token': token } });
    answered = response.headers();
    await route.fulfill({ response });
  });
  // Chromium may render it or save it (then goto reports a download instead of a page).
  await direct.goto(`/api/document/${id}/file?inline=1`).catch(() => null);
  // Either way the platform's answer forbids scripts and asks to be saved, not shown.
  expect(answered, 'the file was asked for and answered').not.toBeNull();
  expect(answered!['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  expect(answered!['content-disposition']).toMatch(/^attachment/);
  // A script in the file would run while the document parses, so by its load event it has run or never will.
  await direct.waitForLoadState('load').catch(() => undefined);
  expect(await direct.title().catch(() => '')).not.toBe('ran');
  expect(ran).toBe(false);
  await direct.close();

  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});
