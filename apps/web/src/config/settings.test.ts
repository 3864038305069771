import { DEFAULT_PUBLIC_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { readPublicSettings } from './settings';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = PUBLIC_SETTINGS_ELEMENT_ID;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('readPublicSettings', () => {
  it('uses the defaults when the server injected nothing', () => {
    expect(readPublicSettings(documentWith(null))).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });

  it('takes the injected values over the defaults', () => {
    const settings = readPublicSettings(documentWith(JSON.stringify({ supportEmail: 'help@ads.test' })));
    expect(settings.supportEmail).toBe('help@ads.test');
    expect(settings.termsUrl).toBe(DEFAULT_PUBLIC_SETTINGS.termsUrl);
  });

  it('keeps the default of a malformed field and the valid fields beside it', () => {
    const settings = readPublicSettings(documentWith(JSON.stringify({ supportEmail: 42, faqUrl: 'https://faq.test' })));
    expect(settings.supportEmail).toBe(DEFAULT_PUBLIC_SETTINGS.supportEmail);
    expect(settings.faqUrl).toBe('https://faq.test');
  });

  it('survives a block that is not JSON', () => {
    expect(readPublicSettings(documentWith('{oops'))).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });
});
