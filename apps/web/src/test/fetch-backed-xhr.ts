/**
 * jsdom's XMLHttpRequest would go to the network. Component tests stub `fetch` with their
 * answers (test/fixtures.ts, routeFetch), so this stand-in sends every XMLHttpRequest through
 * `fetch`, and reports upload progress half-way and at the end, as a browser does for a body.
 */
export class FetchBackedXMLHttpRequest extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  abort(): void {
    this.controller.abort();
    this.dispatchEvent(new Event('abort'));
  }

  send(body: XMLHttpRequestBodyInit | null): void {
    const total = body instanceof Blob ? body.size || 1 : 1;
    const progress = (loaded: number) =>
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    progress(Math.floor(total / 2));
    fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal })
      .then(async (response) => {
        progress(total);
        this.status = response.status;
        this.responseText = await response.text();
        this.dispatchEvent(new Event('load'));
      })
      .catch(() => {
        if (!this.controller.signal.aborted) this.dispatchEvent(new Event('error'));
      });
  }
}
