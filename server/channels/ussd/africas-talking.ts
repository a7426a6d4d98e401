// Africa's Talking USSD: form fields sessionId, serviceCode, phoneNumber, networkCode and text
// (every input of the session joined by '*', empty on the first request); the answer is
// text/plain starting "CON " (the session continues) or "END " (it ends).
import { renderUssd, toGsm } from '../../conversation/render-ussd';
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

export const africasTalking: UssdGateway = {
  name: 'africas-talking',

  parse(fields) {
    const sessionId = field(fields, 'sessionId')?.trim();
    const phoneNumber = field(fields, 'phoneNumber')?.trim();
    if (!sessionId || !phoneNumber || !/^\+?\d{6,15}$/.test(phoneNumber.replace(/[\s-]/g, ''))) return undefined;
    return {
      sessionId,
      phoneNumber,
      serviceCode: field(fields, 'serviceCode'),
      networkCode: field(fields, 'networkCode'),
      input: { kind: 'cumulative', text: sessionText(fields) },
    };
  },

  format(reply) {
    return { body: renderUssd(reply), contentType: 'text/plain; charset=utf-8' };
  },

  apology(text) {
    return { body: `END ${toGsm(text)}`, contentType: 'text/plain; charset=utf-8' };
  },
};
