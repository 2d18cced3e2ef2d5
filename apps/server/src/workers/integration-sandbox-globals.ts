/**
 * The web platform an integration script expects, written in JavaScript and evaluated inside the
 * sandbox before the script: GitBook runs scripts as workers, so `@gitbook/runtime` reads its
 * event with `request.formData()`, answers with `new Response(…)`, parses `new URL(…)` and calls
 * `fetch`. QuickJS has the language only; these classes cover what a worker script uses of
 * `Headers`, `FormData`, `Request`, `Response`, `URL`, `URLSearchParams`, `TextEncoder`,
 * `TextDecoder`, timers and `console`. The few things only the server can do (parse a URL as
 * WHATWG does, fetch through the outbound guard, wait, log) are the host's functions, handed in
 * as `__quireHost` and taken off the global object before the script runs.
 *
 * The prelude leaves one function, `__quireDispatch(worker, url, event, environment)`: it posts
 * the event to the worker's `fetch` as GitBook's dispatcher does (multipart form fields `event`
 * and `environment`) and answers the worker's Response as JSON text `{status, contentType, body}`.
 * The host takes it off the global object too.
 */
export const sandboxGlobalsSource = String.raw`
(() => {
  'use strict';
  const host = globalThis.__quireHost;
  delete globalThis.__quireHost;

  const define = (name, value) =>
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });

  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') {
      const text = String(input);
      const bytes = [];
      for (let i = 0; i < text.length; i += 1) {
        let code = text.codePointAt(i);
        if (code > 0xffff) i += 1;
        if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
        if (code < 0x80) bytes.push(code);
        else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
        else if (code < 0x10000)
          bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
        else
          bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      }
      return new Uint8Array(bytes);
    }
  }

  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const bytes = input instanceof Uint8Array ? input
        : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
      let text = '';
      for (let i = 0; i < bytes.length; ) {
        const first = bytes[i];
        const extra = first < 0x80 ? 0 : first >= 0xf0 ? 3 : first >= 0xe0 ? 2 : first >= 0xc0 ? 1 : -1;
        if (extra < 0 || i + extra >= bytes.length) {
          text += '\ufffd'; i += 1; continue;
        }
        let code = extra === 0 ? first : first & (0x3f >> extra);
        for (let k = 1; k <= extra; k += 1) code = (code << 6) | (bytes[i + k] & 63);
        text += String.fromCodePoint(code);
        i += extra + 1;
      }
      return text;
    }
  }

  class URLSearchParams {
    constructor(init = '') {
      this._entries = [];
      if (typeof init === 'string') {
        for (const part of init.replace(/^\?/, '').split('&')) {
          if (part === '') continue;
          const at = part.indexOf('=');
          const decode = (value) => decodeURIComponent(value.replace(/\+/g, ' '));
          this._entries.push(at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))]);
        }
      } else if (init !== null && typeof init === 'object') {
        const pairs = Symbol.iterator in init ? init : Object.entries(init);
        for (const [name, value] of pairs) this._entries.push([String(name), String(value)]);
      }
    }
    append(name, value) { this._entries.push([String(name), String(value)]); }
    set(name, value) { this.delete(name); this.append(name, value); }
    get(name) { const found = this._entries.find(([key]) => key === name); return found ? found[1] : null; }
    getAll(name) { return this._entries.filter(([key]) => key === name).map(([, value]) => value); }
    has(name) { return this._entries.some(([key]) => key === name); }
    delete(name) { this._entries = this._entries.filter(([key]) => key !== name); }
    forEach(callback) { for (const [name, value] of this._entries) callback(value, name, this); }
    entries() { return this._entries.map((entry) => [...entry])[Symbol.iterator](); }
    keys() { return this._entries.map(([name]) => name)[Symbol.iterator](); }
    values() { return this._entries.map(([, value]) => value)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    toString() {
      return this._entries.map(([name, value]) => encodeURIComponent(name) + '=' + encodeURIComponent(value)).join('&');
    }
  }

  class URL {
    constructor(input, base) {
      const parts = JSON.parse(host.parseUrl(String(input), base === undefined ? '' : String(base)));
      Object.assign(this, parts);
      this.searchParams = new URLSearchParams(parts.search);
    }
    static canParse(input, base) {
      try { new URL(input, base); return true; } catch { return false; }
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
  }

  const headerName = (name) => String(name).toLowerCase();

  class Headers {
    constructor(init) {
      this._map = new Map();
      if (init === undefined || init === null) return;
      const pairs = init instanceof Headers ? init.entries()
        : Symbol.iterator in init ? init : Object.entries(init);
      for (const [name, value] of pairs) this.append(name, value);
    }
    append(name, value) {
      const key = headerName(name);
      const existing = this._map.get(key);
      this._map.set(key, existing === undefined ? String(value) : existing + ', ' + String(value));
    }
    set(name, value) { this._map.set(headerName(name), String(value)); }
    get(name) { const value = this._map.get(headerName(name)); return value === undefined ? null : value; }
    has(name) { return this._map.has(headerName(name)); }
    delete(name) { this._map.delete(headerName(name)); }
    forEach(callback) { for (const [name, value] of this._map) callback(value, name, this); }
    entries() { return [...this._map].sort(([a], [b]) => (a < b ? -1 : 1))[Symbol.iterator](); }
    keys() { return [...this._map.keys()].sort()[Symbol.iterator](); }
    values() { return [...this.entries()].map(([, value]) => value)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
  }

  class FormData {
    constructor() { this._entries = []; }
    append(name, value) { this._entries.push([String(name), String(value)]); }
    set(name, value) { this.delete(name); this.append(name, value); }
    get(name) { const found = this._entries.find(([key]) => key === name); return found ? found[1] : null; }
    getAll(name) { return this._entries.filter(([key]) => key === name).map(([, value]) => value); }
    has(name) { return this._entries.some(([key]) => key === name); }
    delete(name) { this._entries = this._entries.filter(([key]) => key !== name); }
    forEach(callback) { for (const [name, value] of this._entries) callback(value, name, this); }
    entries() { return this._entries.map((entry) => [...entry])[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
  }

  const boundary = '----quire-integration-event';

  function multipartText(form) {
    let text = '';
    for (const [name, value] of form._entries) {
      text += '--' + boundary + '\r\nContent-Disposition: form-data; name="' + name.replace(/"/g, '%22') + '"\r\n\r\n' + value + '\r\n';
    }
    return text + '--' + boundary + '--\r\n';
  }

  function parseMultipart(text, contentType) {
    const form = new FormData();
    const marker = /boundary=("?)([^";]+)\1/i.exec(contentType || '');
    if (!marker) throw new TypeError('The body is not multipart/form-data');
    for (const part of text.split('--' + marker[2])) {
      const headerEnd = part.indexOf('\r\n\r\n');
      if (headerEnd < 0) continue;
      const name = /name="([^"]*)"/i.exec(part.slice(0, headerEnd));
      if (name) form.append(name[1], part.slice(headerEnd + 4).replace(/\r\n$/, ''));
    }
    return form;
  }

  function bodyText(body) {
    if (body === null || body === undefined) return '';
    if (body instanceof FormData) return multipartText(body);
    if (body instanceof URLSearchParams) return body.toString();
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
    return String(body);
  }

  function contentTypeOf(body) {
    if (body instanceof FormData) return 'multipart/form-data; boundary=' + boundary;
    if (body instanceof URLSearchParams) return 'application/x-www-form-urlencoded;charset=UTF-8';
    if (typeof body === 'string') return 'text/plain;charset=UTF-8';
    return undefined;
  }

  class Body {
    _initBody(body, headers) {
      this._body = body === undefined ? null : body;
      this.bodyUsed = false;
      const type = contentTypeOf(this._body);
      if (type !== undefined && !headers.has('content-type')) headers.set('content-type', type);
    }
    get body() { return this._body; }
    _take() {
      if (this.bodyUsed) return Promise.reject(new TypeError('Body has already been read'));
      this.bodyUsed = true;
      return Promise.resolve(this._body);
    }
    async text() { return bodyText(await this._take()); }
    async json() { return JSON.parse(await this.text()); }
    async arrayBuffer() { return new TextEncoder().encode(await this.text()).buffer; }
    async formData() {
      const body = await this._take();
      if (body instanceof FormData) return body;
      const type = this.headers.get('content-type') || '';
      if (type.startsWith('application/x-www-form-urlencoded')) {
        const form = new FormData();
        for (const [name, value] of new URLSearchParams(bodyText(body))) form.append(name, value);
        return form;
      }
      return parseMultipart(bodyText(body), type);
    }
  }

  class Request extends Body {
    constructor(input, init = {}) {
      super();
      const from = input instanceof Request ? input : undefined;
      this.url = from ? from.url : new URL(String(input)).href;
      this.method = String(init.method || (from ? from.method : 'GET')).toUpperCase();
      this.headers = new Headers(init.headers || (from ? from.headers : undefined));
      this.signal = init.signal;
      this._initBody(init.body !== undefined ? init.body : from ? from._body : null, this.headers);
    }
    clone() { return new Request(this); }
  }

  class Response extends Body {
    constructor(body = null, init = {}) {
      super();
      this.status = init.status === undefined ? 200 : Number(init.status);
      if (!(this.status >= 200 && this.status <= 599)) throw new RangeError('Response status must be 200 to 599');
      this.statusText = init.statusText === undefined ? '' : String(init.statusText);
      this.headers = new Headers(init.headers);
      this.url = '';
      this.redirected = false;
      this.type = 'default';
      this._initBody(body, this.headers);
    }
    get ok() { return this.status >= 200 && this.status <= 299; }
    clone() { const copy = new Response(this._body, this); copy.url = this.url; return copy; }
    static json(data, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(data), { ...init, headers });
    }
    static error() { const response = new Response(null, { status: 200 }); response.status = 0; response.type = 'error'; return response; }
  }

  async function fetch(input, init) {
    const request = new Request(input, init);
    const body = request._body === null ? undefined : bodyText(request._body);
    const answer = JSON.parse(await host.fetch(JSON.stringify({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers.entries()),
      body,
    })));
    const response = new Response(answer.body, {
      status: answer.status < 200 ? 200 : answer.status,
      headers: answer.contentType === undefined ? {} : { 'content-type': answer.contentType },
    });
    response.status = answer.status;
    response.url = answer.url;
    return response;
  }

  let nextTimer = 1;
  const clearedTimers = new Set();
  function setTimeout(callback, delay, ...args) {
    const id = nextTimer++;
    host.sleep(Math.max(0, Number(delay) || 0)).then(() => {
      if (clearedTimers.delete(id)) return;
      if (typeof callback === 'function') callback(...args);
    });
    return id;
  }
  function clearTimeout(id) { clearedTimers.add(id); }

  const format = (values) =>
    values.map((value) => {
      if (typeof value === 'string') return value;
      if (value instanceof Error) return value.stack || String(value);
      try { return JSON.stringify(value); } catch { return String(value); }
    }).join(' ');
  const console = {};
  for (const level of ['debug', 'info', 'log', 'warn', 'error']) {
    console[level] = (...values) => host.log(level, format(values));
  }

  define('self', globalThis);
  define('TextEncoder', TextEncoder);
  define('TextDecoder', TextDecoder);
  define('URL', URL);
  define('URLSearchParams', URLSearchParams);
  define('Headers', Headers);
  define('FormData', FormData);
  define('Request', Request);
  define('Response', Response);
  define('fetch', fetch);
  define('setTimeout', setTimeout);
  define('clearTimeout', clearTimeout);
  define('queueMicrotask', (callback) => { Promise.resolve().then(callback); });
  define('structuredClone', (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value))));
  define('console', console);

  define('__quireDispatch', async (worker, url, event, environment) => {
    const handler = worker && typeof worker === 'object' && worker.default;
    if (!handler || typeof handler.fetch !== 'function') {
      throw new TypeError('The script has no default export with a fetch(request, env, ctx) function');
    }
    const form = new FormData();
    form.append('event', event);
    form.append('environment', environment);
    const request = new Request(url, { method: 'POST', body: form });
    const waiting = [];
    const context = { waitUntil: (promise) => { waiting.push(promise); }, passThroughOnException() {} };
    const response = await handler.fetch(request, {}, context);
    if (!(response instanceof Response)) throw new TypeError('The script\'s fetch answered something other than a Response');
    const body = await response.text();
    return JSON.stringify({ status: response.status, contentType: response.headers.get('content-type') || undefined, body });
  });
})();
`;
