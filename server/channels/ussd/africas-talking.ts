// Africa's Talking USSD: form fields sessionId, serviceCode, phoneNumber, networkCode and text
// (every input of the session joined by '*', empty on the first request); the answer is
// text/plain starting "CON " (the session continues) or "END " (it ends).
import { renderUssd, ussdLimits } from './render-ussd';
import { isPhoneLike } from '../../lib/fields';
import { toGsm } from '../../lib/gsm-text';
import type { UssdGateway } from './gateway';

const MAX_FIELD_LENGTH = 1000;

function field(fields: Record<string, string>, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value.length <= MAX_FIELD_LENGTH ? value : undefined;
}

/** The whole session's inputs: it grows with every step, so only the route's body limit bounds it. */
function sessionText(fields: Record<string, string>): string {
  return typeof fields.text === 'string' ? fields.text : '';
}

/**
 * The inputs a text adds to the last one answered. The text is cumulative ("1*tomatoes*2" after
 * "1*tomatoes" adds "2"); the first request may already carry inputs (a dial string with shortcuts,
 * *384*4766*1#), which are played in order. The very text answered last is a retry: null.
 */
export function newInputs(answered: string | undefined, text: string): string[] | null {
  if (answered !== undefined && text === answered) return null;
  if (!answered) return text ? text.split('*') : [];
  if (text.startsWith(`${answered}*`)) return text.slice(answered.length + 1).split('*');
  // The gateway's text no longer extends what we saw (it lost an input): take its last part only.
  const parts = text.split('*');
  return [parts[parts.length - 1]];
}

export const africasTalking: UssdGateway = {
  name: 'africas-talking',
  limits: ussdLimits,
  newInputs,

  parse(fields) {
    const sessionId = field(fields, 'sessionId')?.trim();
    const phoneNumber = field(fields, 'phoneNumber')?.trim();
    if (!sessionId || !phoneNumber || !isPhoneLike(phoneNumber)) return undefined;
    return {
      sessionId,
      phoneNumber,
      serviceCode: field(fields, 'serviceCode'),
      networkCode: field(fields, 'networkCode'),
      text: sessionText(fields),
    };
  },

  format(reply) {
    return { body: renderUssd(reply), contentType: 'text/plain; charset=utf-8' };
  },

  apology(text) {
    return { body: `END ${toGsm(text)}`, contentType: 'text/plain; charset=utf-8' };
  },
};
