import type { EndpointDefinition } from '@portal/contract';
import { fetchApiFile, type ApiFile, type CallInput } from './api-client';

/** How long the saved file's object URL lives: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 40_000;

/** The file name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[\w!#$&+.^`|~-]*'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[1]!);
      if (name) return name;
    } catch {
      // Badly escaped: the plain name, if there is one, still serves.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!plain) return undefined;
  return (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) || undefined;
}

/** Hands bytes to the browser as a download named `filename`: an object URL and a temporary `<a download>`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/**
 * Downloads the file an endpoint answers (a CSV export) with the signed-in user's token, as
 * callApi sends it, and saves it under the server's name (Content-Disposition), else
 * `fallbackName`. Fails with an ApiError, as callApi does; nothing is saved then.
 */
export async function downloadFile<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E>,
  fallbackName: string,
): Promise<void> {
  // `input` is what fetchApiFile takes for E; the cast only drops its optional-when-empty form.
  const fetchFile = fetchApiFile as (endpoint: E, input: CallInput<E>) => Promise<ApiFile>;
  const file = await fetchFile(endpoint, input);
  saveFile(file.blob, filenameFromDisposition(file.headers.get('Content-Disposition')) ?? fallbackName);
}
