/**
 * Shows results while the reader types, above a search form that works on its own: the form's
 * `data-search-api` names a JSON endpoint answering GET `?q=` with `[{ title, href, excerpt }]`.
 * Results are written as text (never as HTML), only http(s) links are followed, and an answer
 * older than the latest request is dropped. Submitting the form still opens the results page.
 */
export const SEARCH_SCRIPT = `(() => {
  const form = document.querySelector('form[data-search-api]');
  if (!form || !window.fetch) return;
  const input = form.elements.namedItem('q');
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  const list = document.createElement('ul');
  list.className = 'search-suggestions';
  form.append(status, list);
  input.setAttribute('autocomplete', 'off');
  let timer;
  let latest = 0;
  const item = (result) => {
    const url = new URL(result.href, location.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    const li = document.createElement('li');
    const link = document.createElement('a');
    link.href = url.href;
    link.textContent = result.title;
    li.append(link);
    if (result.excerpt) {
      const excerpt = document.createElement('p');
      excerpt.textContent = result.excerpt;
      li.append(excerpt);
    }
    return [li];
  };
  const clear = () => {
    latest += 1;
    list.replaceChildren();
    status.textContent = '';
  };
  const search = async () => {
    const query = input.value.trim();
    if (query.length < 2) return clear();
    const request = ++latest;
    const url = new URL(form.dataset.searchApi, location.href);
    url.searchParams.set('q', query);
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      const results = response.ok ? await response.json() : [];
      if (request !== latest || !Array.isArray(results)) return;
      list.replaceChildren(...results.slice(0, 8).flatMap(item));
      status.textContent = results.length === 1 ? '1 result' : results.length + ' results';
    } catch {}
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, 200);
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') clear();
  });
})();`;
