import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS_ELEMENT_ID,
  publicSettingsSchema,
  type PublicSettings,
} from '@portal/contract';

/**
 * Reads the settings the server injects into index.html, so one build serves any deployment.
 * The dev server injects nothing, and a bad block must not take the page down: each field is
 * checked on its own, and one that is missing or malformed keeps its default.
 */
export function readPublicSettings(doc: Document = document): PublicSettings {
  const raw = parseJson(doc.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.textContent);
  if (!raw || typeof raw !== 'object') return DEFAULT_PUBLIC_SETTINGS;

  const settings = { ...DEFAULT_PUBLIC_SETTINGS };
  for (const [key, fieldSchema] of Object.entries(publicSettingsSchema.shape)) {
    if (!(key in raw)) continue;
    const field = fieldSchema.safeParse((raw as Record<string, unknown>)[key]);
    if (field.success) Object.assign(settings, { [key]: field.data });
  }
  return settings;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const settings: PublicSettings = readPublicSettings();
