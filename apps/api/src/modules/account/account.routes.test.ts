import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, ROLE, SIGNUP_MESSAGES } from '@portal/contract';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app';
import { GIF_1PX, multipart, PNG_1PX } from '../../../test/fixtures';
import { oneTimeCodes } from '../../db/schema';
import { CODE_RULES } from '../credentials/one-time-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/customer${url}`, payload, headers: bearer(token) });

async function signedIn(roleId: number = ROLE.customer) {
  const user = await t.createUser({ roleId, withBilling: roleId === ROLE.customer });
  return { user, token: await t.login(user.email) };
}

describe('names', () => {
  it.each([ROLE.customer, ROLE.admin])('changes the names of role %i', async (roleId) => {
    const { token } = await signedIn(roleId);
    const response = await post('/update-personal-info', token, { first_name: 'Grace', last_name: 'Hopper' });
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.nameUpdated,
      data: { first_name: 'Grace', last_name: 'Hopper' },
    });
  });

  it('answers 422 with every field message, and 401 without a token', async () => {
    const { token } = await signedIn();
    const response = await post('/update-personal-info', token, { first_name: '', last_name: 'ThisNameIsWayTooLong' });
    expect(response.statusCode).toBe(422);
    expect(errorBody(response).errors).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name cannot exceed 15 characters'],
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/customer/update-personal-info', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('profile picture', () => {
  const upload = async (token: string, bytes: Buffer, filename = 'photo.png') => {
    const form = await multipart({ logo: { bytes, filename, type: 'image/png' } });
    return t.app.inject({
      method: 'POST',
      url: '/api/customer/upload-logo',
      ...form,
      headers: { ...form.headers, ...bearer(token) },
    });
  };

  it('stores an image, serves it, and removes the picture it replaces', async () => {
    const { token } = await signedIn();
    const first = await upload(token, PNG_1PX);
    expect(first.statusCode).toBe(200);
    const firstLogo = first.json().logo;
    expect(first.json().message).toBe(ACCOUNT_MESSAGES.logoUpdated);
    const second = await upload(token, GIF_1PX, 'photo.gif');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${second.json().logo}` })).headers['content-type'],
    ).toBe('image/gif');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${firstLogo}` })).statusCode).toBe(404);
  });

  it('refuses non-images, a missing file and oversize files with clear messages', async () => {
    const { token } = await signedIn();
    const text = await upload(token, Buffer.from('%PDF-1.4 not an image'));
    expect(errorBody(text)).toEqual({
      message: ACCOUNT_MESSAGES.logoNotImage,
      errors: { logo: [ACCOUNT_MESSAGES.logoNotImage] },
    });
    const none = await post('/upload-logo', token, {});
    expect(errorBody(none).errors).toEqual({ logo: [ACCOUNT_MESSAGES.logoRequired] });
    expect((await upload(token, Buffer.alloc(5 * 1024 * 1024 + 1))).statusCode).toBe(413);
  });

  it('answers 404 for unknown or malformed file names', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd', 'x.png']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/files/avatars/${name}` })).statusCode).toBe(404);
    }
  });
});

describe('billing details', () => {
  it('updates them for the signed-in user', async () => {
    const { user, token } = await signedIn();
    const response = await post('/update-billing-info', token, {
      type: 'individual',
      country: 'FR',
      address: '10 rue de Rivoli',
      city: 'Paris',
      state: 'Ile de France',
      postal_code: '75001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().billing_detail).toMatchObject({
      type: 'individual',
      country: 'fr',
      business_name: null,
      user_id: user.id,
    });
  });
});

describe('changing the e-mail address', () => {
  it('sends a code to the new address, switches on the right code and tells the old address', async () => {
    const { user, token } = await signedIn();
    const newEmail = uniqueEmail('moved');
    expect((await post('/email-change-request', token, { new_email: newEmail.toUpperCase() })).json()).toEqual({
      message: ACCOUNT_MESSAGES.emailCodeSent,
    });
    const otp = await t.latestCode(newEmail);
    const wrong = await post('/new-email-otp/verify', token, {
      new_email: newEmail,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(errorBody(wrong).message).toBe(SIGNUP_MESSAGES.codeWrong);

    const response = await post('/new-email-otp/verify', token, { new_email: newEmail, otp });
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, new_email: newEmail });
    await t.login(newEmail);
    const notice = (await t.mail()).find((message) => message.to.includes(user.email));
    expect(notice?.subject).toMatch(/^Your e-mail address was changed/);
    expect(notice?.text).toContain(newEmail);
  });

  it('refuses the current address, a taken one, and a second code within a minute', async () => {
    const { user, token } = await signedIn();
    const other = await t.createUser();
    expect(errorBody(await post('/email-change-request', token, { new_email: user.email })).errors).toEqual({
      new_email: [ACCOUNT_MESSAGES.emailSameAsCurrent],
    });
    const taken = await post('/email-change-request', token, { new_email: other.email });
    expect(taken.statusCode).toBe(409);
    const newEmail = uniqueEmail('later');
    expect((await post('/email-change-request', token, { new_email: newEmail })).statusCode).toBe(200);
    expect((await post('/resend-otp/email-change-request', token, { new_email: newEmail })).statusCode).toBe(429);
    t.clock.advance(CODE_RULES.resendCooldownMs);
    expect((await post('/resend-otp/email-change-request', token, { new_email: newEmail })).json()).toEqual({
      message: ACCOUNT_MESSAGES.emailCodeResent,
    });
  });

  it('sends one code when 20 requests for one arrive at once, each to another address', async () => {
    const { user, token } = await signedIn();
    const addresses = Array.from({ length: 20 }, () => uniqueEmail('parallel'));
    const answers = await Promise.all(
      addresses.map((address) => post('/email-change-request', token, { new_email: address })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    const codes = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(codes).toHaveLength(1);
    const sent = (await t.mail()).filter((message) => addresses.some((address) => message.to.includes(address)));
    expect(sent).toHaveLength(1);
  });

  it('does not accept a code sent for another address', async () => {
    const { token } = await signedIn();
    const asked = uniqueEmail('asked');
    await post('/email-change-request', token, { new_email: asked });
    const otp = await t.latestCode(asked);
    const response = await post('/new-email-otp/verify', token, { new_email: uniqueEmail('other'), otp });
    expect(errorBody(response).message).toBe(SIGNUP_MESSAGES.codeMissing);
  });
});

describe('changing the password', () => {
  it('checks the current password and the rules', async () => {
    const { token } = await signedIn();
    const wrong = await post('/change-password', token, {
      current_password: 'Not-The-One-1',
      new_password: 'Fresh-Start-9',
      new_password_confirmation: 'Fresh-Start-9',
    });
    expect(errorBody(wrong)).toEqual({
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
      errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
    });
    const empty = await post('/change-password', token, {});
    expect(errorBody(empty).errors).toEqual({
      current_password: [PASSWORD_MESSAGES.currentRequired],
      new_password: [PASSWORD_MESSAGES.newRequired],
      new_password_confirmation: [PASSWORD_MESSAGES.confirmationRequired],
    });
    const mismatch = await post('/change-password', token, {
      current_password: TEST_PASSWORD,
      new_password: 'Fresh-Start-9',
      new_password_confirmation: 'Fresh-Start-8',
    });
    expect(errorBody(mismatch).errors).toEqual({ new_password_confirmation: [PASSWORD_MESSAGES.mismatch] });
  });

  it('ends every session of the user, this one included, and the new password works', async () => {
    const { user, token } = await signedIn();
    const otherDevice = await t.login(user.email);
    const response = await post('/change-password', token, {
      current_password: TEST_PASSWORD,
      new_password: 'Fresh-Start-9',
      new_password_confirmation: 'Fresh-Start-9',
    });
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    for (const old of [token, otherDevice]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/customer/current-session', headers: bearer(old) })).statusCode,
      ).toBe(401);
    }
    await t.login(user.email, 'Fresh-Start-9');
    expect(
      (await t.mail()).some((m) => m.to.includes(user.email) && m.subject.startsWith('Your password was changed')),
    ).toBe(true);
  });
});
