import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Codes of an authenticator app (RFC 6238, otplib's defaults: SHA-1, 6 digits, 30-second
 * steps, as every common app expects). docs/decisions/025-two-factor-sign-in.md.
 */
const STEP_SECONDS = 30;

/**
 * How far a code's step may be from now: one step either side, for a phone's clock that is a
 * little off and for the seconds it takes to type the code.
 */
const TOLERANCE_SECONDS = STEP_SECONDS;

/** A new secret: 160 random bits in base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// key URI an authenticator app reads from the QR code: the product as issuer, the e-mail as label. */
export const totpKeyUri = (issuer: string, email: string, secret: string): string =>
  generateURI({ issuer, label: email, secret });

/** The key URI drawn as a QR code, an SVG data URL made here: nothing is fetched from elsewhere. */
export async function qrCodeDataUrl(keyUri: string): Promise<string> {
  const svg = await QRCode.toString(keyUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step whose code `code` is, within the tolerance around `now`, or undefined. A step
 * at or before `afterStep` (the last one accepted) does not count: a code is accepted once.
 */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  // A TOTP result names its step (the functional API's type also covers HOTP's, which does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
