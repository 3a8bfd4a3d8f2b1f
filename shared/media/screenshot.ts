// Saves the picture a <video> shows as '<timestamp>screenshot.png' (SPEC §2).

/** The file name SPEC §2 asks for: a timestamp (ms since epoch) followed by screenshot.png. */
export const screenshotName = (now: number = Date.now()): string => `${now}screenshot.png`;

/** The current frame as a PNG, at the stream's own resolution; null before the first picture. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.videoWidth === 0 || video.videoHeight === 0) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

/** Hands the blob to the browser as a download named `fileName`. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Captures and downloads; answers the file name, or null when there was no picture yet. */
export async function saveScreenshot(video: HTMLVideoElement, now: number = Date.now()): Promise<string | null> {
  const blob = await captureFrame(video);
  if (!blob) return null;
  const name = screenshotName(now);
  download(blob, name);
  return name;
}
