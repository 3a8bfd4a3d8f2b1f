// What an error report may not carry (SPEC §8 error log; security by default): query strings and
// fragments (tokens travel there), token-like runs, e-mail addresses and mobile numbers. The console
// scrubs before sending and the platform again before storing.

export function scrub(text: string, max: number): string {
  return text
    .replace(/([?#])[^\s'")]*/g, '$1…')
    .replace(/[\w.+-]+@[\w-]+\.[\w.-]+/g, '[redacted]')
    .replace(/(?<!\d)1[3-9]\d{9}(?!\d)/g, '[redacted]')
    .replace(/[A-Za-z0-9_\-+/=]{24,}/g, '[redacted]')
    .slice(0, max);
}
