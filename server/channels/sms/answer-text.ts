// What a shopper is told about their answer to a proposed substitute, by SMS or on WhatsApp: the
// conversation's own sentences (server/conversation/i18n), in the phone's language.
import { translator } from '../../conversation/i18n';
import type { PhoneAnswer } from '../../modules/orders/substitute-questions.service';

/** What the shopper is told about their answer, in their language (the conversation's own sentences). */
export function answerText(answer: PhoneAnswer): string {
  const t = translator(answer.language);
  if (answer.outcome === 'accepted') return t('question.accepted', { substitute: answer.substitute });
  if (answer.outcome === 'refused') return t('question.refused', { name: answer.name });
  return t(answer.outcome === 'late' ? 'question.late' : 'question.none');
}
