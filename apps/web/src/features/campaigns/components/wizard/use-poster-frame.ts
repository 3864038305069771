import { useEffect, useState } from 'react';

/**
 * The first frame of a video as a picture, drawn in the browser (docs/product/campaigns.md,
 * Placement previews), so a preview shows the ad's own opening frame before it plays. A file
 * that cannot be drawn (another origin that does not allow it) has none, and the player shows
 * its own first frame when it can.
 */
export function usePosterFrame(source: string | undefined): string | undefined {
  const [poster, setPoster] = useState<string>();
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    let objectUrl: string | undefined;
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    if (!/^(blob:|data:)/.test(source) && new URL(source, window.location.href).origin !== window.location.origin) {
      video.crossOrigin = 'anonymous';
    }
    const draw = () => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      try {
        canvas.getContext('2d')?.drawImage(video, 0, 0);
        canvas.toBlob((blob) => {
          if (!blob || cancelled) return;
          objectUrl = URL.createObjectURL(blob);
          setPoster(objectUrl);
        }, 'image/jpeg');
      } catch {
        // A tainted canvas: no poster.
      }
    };
    // Seeking a little way in makes every browser decode a frame to draw.
    video.addEventListener('loadeddata', () => (video.currentTime = Math.min(0.1, (video.duration || 0) / 2)), {
      once: true,
    });
    video.addEventListener('seeked', draw, { once: true });
    video.src = source;
    return () => {
      cancelled = true;
      video.removeAttribute('src');
      video.load();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source]);
  return source ? poster : undefined;
}
