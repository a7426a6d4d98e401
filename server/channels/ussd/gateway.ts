// What a USSD gateway protocol must provide: reading its request and writing our reply in its
// format. The engine and the route know nothing of any one gateway; a new one is a new adapter.
import type { Reply } from '../../conversation/types';
import type { UssdReader } from './ussd-turn';

export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  serviceCode?: string;
  networkCode?: string;
  /** The gateway's text, read by the adapter's newInputs against the last one answered. */
  text: string;
}

export interface UssdResponse {
  body: string;
  contentType: string;
}

/** A gateway protocol's adapter: it also tells the conversation how to read its text and how much a screen holds. */
export interface UssdGateway extends UssdReader {
  name: string;
  /** The request read from the gateway's form fields, or undefined when it is not one. */
  parse(fields: Record<string, string>): UssdRequest | undefined;
  /** A screen in the gateway's reply format. */
  format(reply: Reply): UssdResponse;
  /** The reply when anything failed: the session ends politely, never with an HTTP error. */
  apology(text: string): UssdResponse;
}
