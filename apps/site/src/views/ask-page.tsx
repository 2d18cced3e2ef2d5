/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { htmlDocument } from './html-document.js';
import { LABELS } from './labels.js';
import type { AskPageProps } from './props.js';
import { ASK_SCRIPT } from './scripts/ask-script.js';
import { SiteLayout, unindexedHead } from './site-layout.js';

/** The id of the region the answer is written into, as it streams. */
export const ANSWER_ID = 'ask-answer';

/**
 * The Ask page as a whole HTML document: a GET form that works without a script (the answer is
 * written on the server), and with the ask script, the answer as it is written. After an answer:
 * its sources, follow-up questions that continue the conversation, and a rating form.
 *
 * @example
 * renderAskPage({ site, question: 'How do I install it?', session: 's1', askHref: '/~ask',
 *   streamHref: '/~ask.stream', rateHref: '/~ask.rate', answer: { id, html, sources, followups } });
 */
export function renderAskPage(props: AskPageProps): string {
  const { site, question, answer, failure } = props;
  const title = question === '' ? LABELS.ask : LABELS.answerTo(question);
  const head = unindexedHead(site, title, props.nonce);
  return htmlDocument(
    <SiteLayout site={site} head={head} scripts={[ASK_SCRIPT]}>
      <h1>{LABELS.ask}</h1>
      <form
        method="get"
        action={props.askHref}
        class="ask-form"
        data-ask-stream={props.streamHref}
        data-ask-rate={props.rateHref}
        data-ask-rate-label={LABELS.wasItHelpful}
        data-ask-yes={LABELS.helpful}
        data-ask-no={LABELS.notHelpful}
        data-ask-thanks={LABELS.thanksForRating}
        data-ask-sources={LABELS.sources}
        data-ask-followups={LABELS.followUps}
        data-ask-follow-up={LABELS.askFollowUp}
      >
        <label for="ask-question">{LABELS.askLabel(site.title)}</label>
        <input
          type="text"
          id="ask-question"
          name="q"
          value={answer === undefined ? question : ''}
          maxlength={512}
          required
        />
        {answer?.id !== undefined && <input type="hidden" name="previous" value={answer.id} />}
        <input type="hidden" name="session" value={props.session} />
        <button type="submit">{answer === undefined ? LABELS.ask : LABELS.askFollowUp}</button>
      </form>
      <section id={ANSWER_ID} class="ask-answer" aria-live="polite" aria-label={LABELS.answer}>
        {answer !== undefined && <h2 class="ask-question">{question}</h2>}
        {failure !== undefined && (
          <p class="ask-failure" role="alert">
            {failure}
          </p>
        )}
        {answer !== undefined && (
          <div class="ask-text" dangerouslySetInnerHTML={{ __html: answer.html }} />
        )}
        {answer !== undefined && answer.sources.length > 0 && (
          <nav aria-label={LABELS.sources}>
            <h2>{LABELS.sources}</h2>
            <ul class="ask-sources">
              {answer.sources.map((source) => (
                <li>
                  <a href={source.href}>{source.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {answer !== undefined && answer.followups.length > 0 && (
          <nav aria-label={LABELS.followUps}>
            <h2>{LABELS.followUps}</h2>
            <ul class="ask-followups">
              {answer.followups.map((followup) => (
                <li>
                  <a href={followup.href}>{followup.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {answer?.id !== undefined && (
          <form method="post" action={props.rateHref} class="ask-rating">
            <input type="hidden" name="answer" value={answer.id} />
            <input type="hidden" name="session" value={props.session} />
            <span>{LABELS.wasItHelpful}</span>
            <button type="submit" name="rating" value="1">
              {LABELS.helpful}
            </button>
            <button type="submit" name="rating" value="-1">
              {LABELS.notHelpful}
            </button>
          </form>
        )}
        {props.rated === true && <p role="status">{LABELS.thanksForRating}</p>}
      </section>
    </SiteLayout>,
  );
}
