// What this browser can decode. Asked once per play request, so a portal's page and the console
// answer the platform the same way (PlayRequest.h265).

/** H.265 Main profile as MSE names it, in both sample-entry forms (hvc1, hev1). */
export const H265_TYPES = ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"'] as const;

/** Whether Media Source Extensions here decode H.265 (false where there is no MediaSource at all). */
export function browserDecodesH265(): boolean {
  const source = (globalThis as { MediaSource?: { isTypeSupported(type: string): boolean } }).MediaSource;
  if (!source) return false;
  try {
    return H265_TYPES.some((type) => source.isTypeSupported(type));
  } catch {
    return false;
  }
}
