import {
  AUTH_MESSAGES,
  MAX_LIVE_SESSIONS_PER_USER,
  SESSION_ACTIVITY_STEP_MS,
  SESSION_MESSAGES,
  type UserSession,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test's logins come from addresses of their own, so that the limit of requests an address
// may make (not what these tests are about) is never reached.
let addressCounter = 0;
const nextAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function signIn(email: string, userAgent = CHROME_ON_WINDOWS): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

const sessionsOf = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/customer/sessions', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: UserSession[] }>().data;
};
const works = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/customer/current-session', headers: bearer(token) })).statusCode ===
  200;
const revoke = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/customer/sessions/${id}`, headers: bearer(token) });

describe('GET /api/customer/sessions', () => {
  it("lists the user's standing sessions, newest first, with device, times and this one marked", async () => {
    const user = await t.createUser();
    const first = await signIn(user.email, FIREFOX_ON_LINUX);
    t.clock.advance(60_000);
    const second = await signIn(user.email);
    const other = await signIn((await t.createUser()).email);

    const sessions = await sessionsOf(second);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ os: 'Windows 10', browser: 'Chrome 124', current: true, remember: false });
    expect(sessions[1]).toMatchObject({ os: 'Linux', browser: 'Firefox 126', current: false });
    expect(Date.parse(sessions[0]!.started_at)).toBeGreaterThan(Date.parse(sessions[1]!.started_at));
    expect(sessions[0]!.last_active_at).toBe(sessions[0]!.started_at);
    expect(Date.parse(sessions[0]!.expires_at)).toBeGreaterThan(Date.parse(sessions[0]!.started_at));
    // Another user's sessions are never listed; the first session sees itself marked.
    expect((await sessionsOf(first)).map((session) => session.current)).toEqual([false, true]);
    expect(await sessionsOf(other)).toHaveLength(1);
  });

  it('marks a session active at most once a step, as it is used', async () => {
    const token = await signIn((await t.createUser()).email);
    const [started] = await sessionsOf(token);
    t.clock.advance(SESSION_ACTIVITY_STEP_MS - 1_000);
    expect((await sessionsOf(token))[0]!.last_active_at).toBe(started!.last_active_at);
    t.clock.advance(2_000);
    await works(token);
    const [used] = await sessionsOf(token);
    expect(Date.parse(used!.last_active_at)).toBe(Date.parse(started!.started_at) + SESSION_ACTIVITY_STEP_MS + 1_000);
  });
});

describe('DELETE /api/customer/sessions/:id', () => {
  it('signs another session out at once, and then says it has ended', async () => {
    const user = await t.createUser();
    const phone = await signIn(user.email, FIREFOX_ON_LINUX);
    const laptop = await signIn(user.email);
    const phoneSession = (await sessionsOf(laptop)).find((session) => !session.current)!;

    const response = await revoke(laptop, phoneSession.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SESSION_MESSAGES.revoked, revoked: 1 });
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    expect(await sessionsOf(laptop)).toHaveLength(1);

    const again = await revoke(laptop, phoneSession.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SESSION_MESSAGES.notFound });
  });

  it('ends a session once when asked twenty times at once', async () => {
    const user = await t.createUser();
    const other = await signIn(user.email, FIREFOX_ON_LINUX);
    const mine = await signIn(user.email);
    const target = (await sessionsOf(mine)).find((session) => !session.current)!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => revoke(mine, target.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(404)]);
    expect(await works(other)).toBe(false);
    expect(await works(mine)).toBe(true);
  });

  it('refuses the current session (that is a log-out) and leaves it standing', async () => {
    const token = await signIn((await t.createUser()).email);
    const [current] = await sessionsOf(token);
    const response = await revoke(token, current!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SESSION_MESSAGES.isCurrent });
    expect(await works(token)).toBe(true);
  });

  it("cannot touch another user's session, and tells it apart from nothing", async () => {
    const victim = await signIn((await t.createUser()).email);
    const [victimSession] = await sessionsOf(victim);
    const intruder = await signIn((await t.createUser()).email);
    const response = await revoke(intruder, victimSession!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SESSION_MESSAGES.notFound });
    expect(await works(victim)).toBe(true);
    const unknown = await revoke(intruder, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a malformed id with 422, and no token with 401', async () => {
    const token = await signIn((await t.createUser()).email);
    for (const id of ['not-a-uuid', '1', `${'a'.repeat(300)}`]) {
      const response = await revoke(token, id);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(SESSION_MESSAGES.idInvalid);
    }
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/sessions/00000000-0000-4000-8000-000000000000',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });
});

describe('POST /api/customer/sessions/revoke-others', () => {
  it('signs every other session out and keeps this one, also when asked twice at once', async () => {
    const user = await t.createUser();
    const others = [await signIn(user.email, FIREFOX_ON_LINUX), await signIn(user.email), await signIn(user.email)];
    const mine = await signIn(user.email);
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({ method: 'POST', url: '/api/customer/sessions/revoke-others', headers: bearer(mine) }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(SESSION_MESSAGES.othersRevoked);
    }
    // Each session is ended once, by one of the two.
    expect(answers.reduce((sum, answer) => sum + answer.json<{ revoked: number }>().revoked, 0)).toBe(3);
    for (const token of others) expect(await works(token)).toBe(false);
    expect(await works(mine)).toBe(true);
    expect(await sessionsOf(mine)).toHaveLength(1);
  });
});

describe('sign-ins', () => {
  const newSignInMail = async (email: string) =>
    (await t.mail()).filter((message) => message.to.includes(email) && message.subject.startsWith('New sign-in'));

  it('e-mail the user about a device they never signed in from, and not about the first or a known one', async () => {
    const user = await t.createUser();
    await signIn(user.email);
    await signIn(user.email);
    expect(await newSignInMail(user.email)).toHaveLength(0);
    await signIn(user.email, FIREFOX_ON_LINUX);
    const [message] = await newSignInMail(user.email);
    expect(message).toBeDefined();
    expect(message!.text).toMatch(/signed in to from Firefox 126 on Linux, address 10\.0\.\d+\.\d+, on /);
    expect(message!.text).toContain("If this wasn't you, change your password at once");
    expect(message!.text).toContain(`${t.config.publicOrigin}/my-account`);
    await signIn(user.email, FIREFOX_ON_LINUX);
    expect(await newSignInMail(user.email)).toHaveLength(1);
  });

  it(`keep at most ${MAX_LIVE_SESSIONS_PER_USER} sessions a user: a new one ends the oldest`, async () => {
    const user = await t.createUser();
    const tokens: string[] = [];
    for (let index = 0; index <= MAX_LIVE_SESSIONS_PER_USER; index += 1) {
      tokens.push(await signIn(user.email));
      t.clock.advance(1_000);
    }
    expect(await works(tokens[0]!)).toBe(false);
    expect(await works(tokens[1]!)).toBe(true);
    expect(await sessionsOf(tokens.at(-1)!)).toHaveLength(MAX_LIVE_SESSIONS_PER_USER);
  });

  it('keep the limit when logins of one user race', async () => {
    const user = await t.createUser();
    const earlier: string[] = [];
    for (let index = 0; index < MAX_LIVE_SESSIONS_PER_USER - 5; index += 1) {
      earlier.push(await signIn(user.email));
      t.clock.advance(1_000);
    }
    // Eight at once (the login limit refuses more than ten unfinished tries of one account):
    // five fit, and three must each end one of the oldest.
    const racing = await Promise.all(Array.from({ length: 8 }, () => signIn(user.email, FIREFOX_ON_LINUX)));
    const standing = await Promise.all([...earlier, ...racing].map((token) => works(token)));
    expect(standing.filter(Boolean)).toHaveLength(MAX_LIVE_SESSIONS_PER_USER);
    expect(standing.slice(0, 3)).toEqual([false, false, false]);
    expect(standing.slice(3).every(Boolean)).toBe(true);
    // One e-mail for the one new device, however the logins interleaved.
    const notices = (await t.mail()).filter(
      (message) => message.to.includes(user.email) && message.subject.startsWith('New sign-in'),
    );
    expect(notices).toHaveLength(1);
  });
});
