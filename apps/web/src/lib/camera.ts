/** Taking a member's photo with the laptop camera: what can go wrong, said plainly, and the frame's size. */

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The longest side of a captured frame: sharp on the member card, far below 2 MB as a JPEG. */
export const CAPTURE_MAX_SIDE = 720;

/** Why a photo file cannot be used, or null when it can. */
export function photoError(file: { type: string; size: number } | null): string | null {
  if (!file) return null;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Use a PNG, JPEG, GIF or WebP image.';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be at most 2 MB.';
  return null;
}

/** What the desk reads when the camera cannot be used (getUserMedia's error names). */
export function cameraErrorMessage(error: unknown): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The browser was not allowed to use the camera. Allow camera access for this site (the camera icon in the address bar), or upload a photo instead.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this computer. Upload a photo instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another application. Close it and try again, or upload a photo instead.';
    case 'Unsupported':
      return 'This browser cannot use a camera here. Upload a photo instead.';
    default:
      return 'The camera could not be started. Upload a photo instead.';
  }
}

/** A frame of `width` × `height` scaled down (never up) so its longest side is at most `max`. */
export function fitWithin(width: number, height: number, max = CAPTURE_MAX_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
