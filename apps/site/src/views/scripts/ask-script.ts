/**
 * Streams the answer into the Ask page instead of loading the page again: the form's
 * `data-ask-stream` names an event stream answering GET with the form's fields, each event the
 * whole answer so far (`{ id, html, sources, followups }`, its HTML rendered on the server), then
 * `done`, or `failure` with a message. Text goes in as text; only the server's own rendering as
 * HTML; only http(s) links are followed. The rating form is sent in the background. Without
 * the script, or without EventSource, the form loads the answer as a page.
 */
export const ASK_SCRIPT = `(() => {
  const form = document.querySelector('form[data-ask-stream]');
  const region = document.getElementById('ask-answer');
  if (!form || !region || !window.EventSource) return;
  const field = (name) => form.elements.namedItem(name);
  const button = form.querySelector('button[type="submit"]');
  const safe = (href) => {
    const url = new URL(href, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  };
  const links = (title, items) => {
    if (!items.length) return [];
    const nav = document.createElement('nav');
    nav.setAttribute('aria-label', title);
    const heading = document.createElement('h2');
    heading.textContent = title;
    const list = document.createElement('ul');
    for (const item of items) {
      const href = safe(item.href);
      if (!href) continue;
      const li = document.createElement('li');
      const link = document.createElement('a');
      link.href = href;
      link.textContent = item.title;
      li.append(link);
      list.append(li);
    }
    nav.append(heading, list);
    return [nav];
  };
  const rating = (id) => {
    const rate = document.createElement('form');
    rate.method = 'post';
    rate.action = form.dataset.askRate;
    rate.className = 'ask-rating';
    const hidden = (name, value) => {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      return input;
    };
    const label = document.createElement('span');
    label.textContent = form.dataset.askRateLabel;
    const vote = (value, text) => {
      const choice = document.createElement('button');
      choice.type = 'submit';
      choice.name = 'rating';
      choice.value = value;
      choice.textContent = text;
      return choice;
    };
    rate.append(hidden('answer', id), hidden('session', field('session').value), label,
      vote('1', form.dataset.askYes), vote('-1', form.dataset.askNo));
    rate.addEventListener('submit', async (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(rate, event.submitter));
      await fetch(rate.action, { method: 'POST', body }).catch(() => undefined);
      const thanks = document.createElement('p');
      thanks.setAttribute('role', 'status');
      thanks.textContent = form.dataset.askThanks;
      rate.replaceWith(thanks);
    });
    return rate;
  };
  let source;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const question = field('q').value.trim();
    if (!question) return;
    source?.close();
    const url = new URL(form.dataset.askStream, location.href);
    for (const name of ['q', 'previous', 'session']) {
      const input = field(name);
      if (input && input.value) url.searchParams.set(name, name === 'q' ? question : input.value);
    }
    const heading = document.createElement('h2');
    heading.className = 'ask-question';
    heading.textContent = question;
    const text = document.createElement('div');
    text.className = 'ask-text';
    text.setAttribute('aria-busy', 'true');
    region.replaceChildren(heading, text);
    button.disabled = true;
    let last;
    const finish = () => {
      source.close();
      button.disabled = false;
      text.removeAttribute('aria-busy');
    };
    source = new EventSource(url);
    source.addEventListener('message', (message) => {
      last = JSON.parse(message.data);
      text.innerHTML = last.html;
    });
    source.addEventListener('done', () => {
      finish();
      if (!last) return;
      region.append(...links(form.dataset.askSources, last.sources),
        ...links(form.dataset.askFollowups, last.followups));
      if (last.id) {
        region.append(rating(last.id));
        let previous = field('previous');
        if (!previous) {
          previous = document.createElement('input');
          previous.type = 'hidden';
          previous.name = 'previous';
          form.append(previous);
        }
        previous.value = last.id;
        button.textContent = form.dataset.askFollowUp;
      }
      field('q').value = '';
      field('q').focus();
    });
    source.addEventListener('failure', (message) => {
      finish();
      const alert = document.createElement('p');
      alert.className = 'ask-failure';
      alert.setAttribute('role', 'alert');
      alert.textContent = JSON.parse(message.data).message;
      region.append(alert);
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) finish();
    });
  });
})();`;
