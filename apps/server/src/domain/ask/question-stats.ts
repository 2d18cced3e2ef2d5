import type { components } from '@quire/contract';
import type { AnsweredRow } from '../../store/site-questions.js';

type SiteQuestionStats = components['schemas']['SiteQuestionStats'];

const weekMs = 7 * 24 * 60 * 60 * 1000;
const weeks = 13;

/**
 * Counts over answers: questions (each once), answers, ratings, how well they answered, their
 * relevance, kinds and channels, and answers per week for the 13 weeks up to `until`.
 */
export function questionStats(answers: readonly AnsweredRow[], until: Date): SiteQuestionStats {
  const stats: SiteQuestionStats = {
    total: new Set(answers.map((answer) => answer.question_id)).size,
    answers: answers.length,
    feedback: { positive: 0, negative: 0, unrated: 0 },
    answered: { yes: 0, partially: 0, no: 0 },
    relevance: { relevant: 0, spam: 0, 'off-topic': 0, unclear: 0 },
    types: { exploring: 0, 'how-to': 0, troubleshooting: 0, reference: 0, unknown: 0 },
    channelTypes: {},
    channels: {},
    weeklyPulse: Array.from({ length: weeks }, () => 0),
  };
  const end = until.getTime();
  for (const answer of answers) {
    const rating = answer.feedback_rating;
    stats.feedback[rating === 1 ? 'positive' : rating === -1 ? 'negative' : 'unrated'] += 1;
    count(stats.answered, answer.answered);
    count(stats.relevance, answer.relevance);
    count(stats.types, answer.question_type);
    stats.channelTypes[answer.channel_type] = (stats.channelTypes[answer.channel_type] ?? 0) + 1;
    const weeksAgo = Math.floor((end - Date.parse(answer.created_at)) / weekMs);
    if (weeksAgo >= 0 && weeksAgo < weeks) {
      const index = weeks - 1 - weeksAgo;
      stats.weeklyPulse[index] = (stats.weeklyPulse[index] ?? 0) + 1;
    }
  }
  return stats;
}

function count(counts: object, key: string): void {
  const table = counts as Record<string, number>;
  if (key in table) table[key] = (table[key] ?? 0) + 1;
}
