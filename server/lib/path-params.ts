// The ids a path names, checked before any service runs. A malformed id is answered exactly as an
// unknown one (the route's own 404), and a NUL byte as the database would have refused it (400), so
// a caller cannot tell the check from the lookup.
import { z } from 'zod';

/** What onError answers when PostgreSQL refuses text (SQLSTATE 22021). */
export const UNSTORABLE_TEXT = 'The request contains characters that cannot be used (such as a NUL byte)';

/** Our ids: the seed's slugs ('tomatoes') and newId()'s 24 hex characters (services trim them). */
const ROW_ID = /^\s*[\w-]{1,64}\s*$/;
/** An order's id, or the 8-character number shoppers see, typed with or without '#'. */
const ORDER_ID = /^\s*#?[\w-]{1,64}\s*$/;

/** How a failed path check is answered: carried on the zod issue, read by the routes' validation hook. */
export interface PathParamReply {
  status: 400 | 404;
  code: string;
}

const refusal = (message: string, reply: PathParamReply) => ({ message, params: reply, abort: true });
const storable = z.string().refine((value) => !value.includes('\u0000'), refusal(UNSTORABLE_TEXT, { status: 400, code: 'bad_request' }));

/** A row's id in the path; anything that cannot be one answers `notFoundMessage` with 404. */
export function idParam(notFoundMessage: string, code = 'not_found', pattern = ROW_ID) {
  return storable.refine((value) => pattern.test(value), refusal(notFoundMessage, { status: 404, code })).meta({ pattern: pattern.source });
}

/** An order by its id or its number. */
export const orderIdParam = (notFoundMessage: string) => idParam(notFoundMessage, 'not_found', ORDER_ID);

/** A category's id or its name in any case: any storable text, as names hold spaces and '&'. */
export const categoryNameOrIdParam = storable.meta({ description: "The category's id, or its name in any case" });

/** A contact message's number (1, 2, ...); never text, so nothing else reaches the database. */
export function serialParam(notFoundMessage: string) {
  return z
    .string()
    .refine((value) => /^[1-9]\d{0,14}$/.test(value), refusal(notFoundMessage, { status: 404, code: 'not_found' }))
    .meta({ pattern: '^[1-9]\\d{0,14}$' });
}
