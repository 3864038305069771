import { insightsEndpoints } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse } from '@/test/fixtures';
import { ApiError } from './api-error';
import { downloadFile, filenameFromDisposition } from './download-file';

describe('filenameFromDisposition', () => {
  it('reads the quoted, the bare and the extended (UTF-8) name, preferring the extended one', () => {
    expect(filenameFromDisposition('attachment; filename="campaigns-analytics-2026-11-24.csv"')).toBe(
      'campaigns-analytics-2026-11-24.csv',
    );
    expect(filenameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition(`attachment; filename="cafe.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
  });

  it('gives nothing when there is no name', () => {
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename=""')).toBeUndefined();
  });
});

describe('downloadFile', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
  const revokeObjectURL = vi.fn();
  let clicked: { href: string; download: string; attached: boolean }[] = [];

  beforeEach(() => {
    clicked = [];
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("fetches the file with the session's token and saves it under the server's name", async () => {
    sessionStore.signIn(loginResponse({ token: 'abc' }));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('id\n1\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="figures.csv"' },
      }),
    );
    vi.useFakeTimers();
    await downloadFile(insightsEndpoints.customerAnalyticsExport, { query: { search: 'a b' } }, 'fallback.csv');

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/customer/campaigns-analytics/export?search=a+b');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('id\n1\n');
    expect(clicked).toEqual([{ href: 'blob:file', download: 'figures.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    // The object URL outlives the click long enough for the browser to read it, then goes.
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:file');
  });

  it('uses the fallback name when the server gives none', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('x', { headers: { 'Content-Type': 'text/csv' } }));
    await downloadFile(insightsEndpoints.allAnalyticsExport, { query: { search: '' } }, 'fallback.csv');
    expect(clicked.map((link) => link.download)).toEqual(['fallback.csv']);
  });

  it("fails with the server's message as callApi does, and saves nothing", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Not yours' }, 403));
    const failure = downloadFile(insightsEndpoints.allAnalyticsExport, { query: { search: '' } }, 'x.csv');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, serverMessage: 'Not yours' });
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
