import { z } from 'zod';

/** The error body of every 4xx and 5xx answer (docs/product/accounts.md, API conventions). */
export const errorResponseSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The body of a success answer that carries nothing but a sentence. */
export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * A checkbox as any of the accepted body encodings sends it: a JSON boolean, or the strings
 * that url-encoded and multipart forms carry ("true", "1", "on" for true; "false", "0", "off"
 * or an empty value for false). Any other text is refused rather than read as false, so a typo
 * never switches a setting off (docs/product/accounts.md, API conventions).
 */
const FORM_TRUE = ['true', '1', 'on'];
const FORM_FALSE = ['false', '0', 'off', ''];
export const formBoolean = (message: string) =>
  z
    .union([z.boolean(), z.string()], { error: message })
    .refine(
      (value) => typeof value === 'boolean' || [...FORM_TRUE, ...FORM_FALSE].includes(value.trim().toLowerCase()),
      { error: message },
    )
    .transform((value) => (typeof value === 'boolean' ? value : FORM_TRUE.includes(value.trim().toLowerCase())));

export const formBooleanSchema = formBoolean('Must be true or false');

/** Role ids as the documents use them: type 1 is an administrator, any other a customer. */
export const ROLE = { admin: 1, customer: 2 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const isAdminRole = (roleId: number | undefined | null): boolean => roleId === ROLE.admin;

// Control characters other than tab and line breaks: nobody types them, and the database refuses NUL.
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

/**
 * A text field: a missing value gets `requiredMessage`, a value of another type
 * "{label} must be text", text with control characters "{label} must not contain control
 * characters", and only a clean string goes on to `rules`. (Piping stops Zod from also running
 * length checks on, say, an array.) Every text the API takes goes through it: names, keys and
 * tokens as much as what people type, so no control character reaches a query or a log.
 */
export const textField = <Output>(label: string, requiredMessage: string, rules: z.ZodType<Output, string>) =>
  z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : `${label} must be text`) })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: controlCharactersMessage(label), abort: true })
    .pipe(rules);

/** The largest id: ids are PostgreSQL `integer` columns, so they run from 1 to 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id in a body: a JSON number, or a string of digits as url-encoded and multipart forms
 * send it, from 1 to `MAX_ID`. Anything else, a larger number included, gets `invalidMessage`
 * (and a missing or empty one `requiredMessage`), so no value outside the column's range reaches
 * a query.
 */
export const idSchema = (invalidMessage: string, requiredMessage = invalidMessage) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === '' ? requiredMessage : invalidMessage),
      })
      .int({ error: invalidMessage })
      .min(1, { error: invalidMessage })
      .max(MAX_ID, { error: invalidMessage }),
  );

/**
 * Forms send a list as `name[0]`, `name[1]` … or `name[]`; this gathers them into `name`, in
 * index order, so that a body schema sees one list whatever the encoding.
 */
export const gatherIndexedField =
  (name: string) =>
  (body: unknown): unknown => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const record = body as Record<string, unknown>;
    const pattern = new RegExp(`^${name}\\[(\\d*)\\]$`);
    const indexed = Object.keys(record)
      .map((key) => pattern.exec(key))
      .filter((match) => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    if (indexed.length === 0) return body;
    const rest = Object.fromEntries(Object.entries(record).filter(([key]) => !pattern.test(key)));
    const values = indexed.flatMap((match) => {
      const value = record[match[0]];
      return Array.isArray(value) ? value : [value];
    });
    return { ...rest, [name]: values };
  };

/**
 * Whether a dollar amount has at most two decimals. Compared with a tolerance: in binary
 * floating point 19.99 × 100 is 1998.9999999999998, not 1999.
 */
export const isWholeCents = (dollars: number): boolean => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;

/**
 * A number as JSON sends it, or as text as a url-encoded or multipart form does: text is read as
 * a number (empty text stays empty, for the schema's "required" message).
 */
export const numberFromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value), schema);

/**
 * An amount of dollars (a budget, a refund): none (missing, null or empty) gets `requiredMessage`,
 * anything that is not a finite number `notNumberMessage`. Its own rules follow (more than 0, at
 * most two decimals with `isWholeCents`, …).
 */
export const dollarsNumber = (requiredMessage: string, notNumberMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === '' ? requiredMessage : notNumberMessage,
    })
    .refine((value) => Number.isFinite(value), { error: notNumberMessage, abort: true });
