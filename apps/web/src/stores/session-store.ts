import {
  billingDetailSchema,
  sessionInfoSchema,
  SIGNUP_STEP,
  type BillingDetail,
  type LoginResponse,
  type RegistrationUser,
  type SessionInfo,
  type SignupBillingResponse,
} from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storage } from '@/lib/storage';

/** The localStorage keys of the session, as docs/product/accounts.md names them (Browser storage). */
export const SESSION_KEYS = {
  token: 'authToken',
  sessionInfo: 'sessionInfo',
  isFirstLogin: 'is_first_login',
  userId: 'user_id',
  /** The user slice: user, personalInfo and billingInfo as one JSON object. */
  user: 'user',
} as const;

const sessionUserSchema = z.object({ id: z.number(), email: z.string(), type: z.number() });
const personalInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
});
/**
 * The billing details as the documented `user` key keeps them: the API's billing detail, with
 * its `type` called `accountType` and without the user id.
 */
const billingInfoSchema = billingDetailSchema
  .omit({ type: true, user_id: true })
  .extend({ accountType: billingDetailSchema.shape.type });
const userSliceSchema = z.object({
  user: sessionUserSchema.nullable(),
  personalInfo: personalInfoSchema.nullable(),
  billingInfo: billingInfoSchema.nullable(),
});

export type PersonalInfo = z.infer<typeof personalInfoSchema>;
export type BillingInfo = z.infer<typeof billingInfoSchema>;
type UserSlice = z.infer<typeof userSliceSchema>;

export interface SessionState extends UserSlice {
  token: string | null;
  userId: number | null;
  sessionInfo: SessionInfo | null;
  isFirstLogin: boolean;
  /**
   * Sign-up progress (docs/product/accounts.md): the contract's SIGNUP_STEP, or NO_SIGNUP_STEP
   * until the page knows where a sign-up stands. Never persisted.
   */
  signupStep: number;
  /**
   * The user chose to log out, rather than the session ending under them: the guards then show
   * the plain login page, without a way back to the page left (docs/product/accounts.md,
   * Sessions). Never persisted.
   */
  loggedOut: boolean;
}

/** Not yet known: the sign-up page asks the server (a reload may resume a sign-up). */
export const NO_SIGNUP_STEP = 0;

const EMPTY_USER_SLICE: UserSlice = { user: null, personalInfo: null, billingInfo: null };

function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
  const text = storage.get(key);
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// A tampered or outdated value reads as "not stored" rather than crashing the app.
function readPersisted(): Omit<SessionState, 'signupStep' | 'loggedOut'> {
  const userId = Number(storage.get(SESSION_KEYS.userId));
  return {
    ...(readJson(SESSION_KEYS.user, userSliceSchema) ?? EMPTY_USER_SLICE),
    token: storage.get(SESSION_KEYS.token) || null,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    sessionInfo: readJson(SESSION_KEYS.sessionInfo, sessionInfoSchema),
    isFirstLogin: storage.get(SESSION_KEYS.isFirstLogin) === 'true',
  };
}

function persist(next: SessionState): void {
  const { user, personalInfo, billingInfo } = next;
  const hasUserSlice = user !== null || personalInfo !== null || billingInfo !== null;
  storage.set(SESSION_KEYS.user, hasUserSlice ? JSON.stringify({ user, personalInfo, billingInfo }) : null);
  storage.set(SESSION_KEYS.token, next.token);
  storage.set(SESSION_KEYS.userId, next.userId === null ? null : String(next.userId));
  storage.set(SESSION_KEYS.sessionInfo, next.sessionInfo ? JSON.stringify(next.sessionInfo) : null);
  storage.set(SESSION_KEYS.isFirstLogin, next.token ? String(next.isFirstLogin) : null);
}

let state: SessionState = { ...readPersisted(), signupStep: NO_SIGNUP_STEP, loggedOut: false };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>, { save = true } = {}): void {
  state = { ...state, ...patch };
  if (save) persist(state);
  for (const listener of listeners) listener();
}

function toBillingInfo(detail: BillingDetail | null): BillingInfo | null {
  if (!detail) return null;
  const { type, user_id: _userId, ...rest } = detail;
  return { ...rest, accountType: type };
}

function toPersonalInfo(user: { first_name: string | null; last_name: string | null; logo: string | null }) {
  return { firstName: user.first_name ?? '', lastName: user.last_name ?? '', image: user.logo };
}

const SIGNED_OUT: Omit<SessionState, 'signupStep' | 'loggedOut'> = {
  ...EMPTY_USER_SLICE,
  token: null,
  userId: null,
  sessionInfo: null,
  isFirstLogin: false,
};

function signedInPatch(response: LoginResponse): Partial<SessionState> {
  const { user_data: user } = response;
  return {
    user: { id: user.id, email: user.email, type: user.role_id },
    personalInfo: toPersonalInfo(user),
    billingInfo: toBillingInfo(user.billing_detail),
    token: response.access_token,
    userId: user.id,
    sessionInfo: response.session_info,
    isFirstLogin: response.is_first_login,
    loggedOut: false,
  };
}

export const sessionStore = {
  getState: (): SessionState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Login success (docs/product/accounts.md): the user, personal and billing info, token, flags and session info. */
  signIn(response: LoginResponse): void {
    setState(signedInPatch(response));
  },

  /**
   * Billing saved (docs/product/accounts.md): sign-up is over and the answer signs the user in like a login.
   * The last step keeps the sign-up page on its "ready" screen rather than redirecting at once.
   */
  completeSignup(response: SignupBillingResponse): void {
    setState({
      ...signedInPatch(response),
      billingInfo: toBillingInfo(response.billing_detail),
      signupStep: SIGNUP_STEP.complete,
    });
  },

  /** An unfinished sign-up: remember who it is and resume at the step the server gives. */
  resumeSignup(user: RegistrationUser): void {
    setState({
      ...SIGNED_OUT,
      user: { id: user.id, email: user.email, type: user.role_id },
      personalInfo: toPersonalInfo(user),
      userId: user.id,
      signupStep: user.profile_step,
    });
  },

  setSignupStep(signupStep: number): void {
    if (state.signupStep !== signupStep) setState({ signupStep }, { save: false });
  },

  /**
   * A fresh start at step 1 (entering the login page, or opening /signup anew): an unfinished
   * sign-up remembered from earlier is forgotten, so its code dialog does not pop up for the
   * next person; logging in with its password resumes it.
   */
  restartSignup(): void {
    if (state.token) return;
    setState({ ...EMPTY_USER_SLICE, userId: null, signupStep: SIGNUP_STEP.accountCreated });
  },

  /** A changed name or picture (sign-up or My account); the header chip follows. */
  updatePersonalInfo(patch: Partial<PersonalInfo>): void {
    const current = state.personalInfo ?? { firstName: '', lastName: '', image: null };
    setState({ personalInfo: { ...current, ...patch } });
  },

  updateBillingInfo(detail: BillingDetail): void {
    setState({ billingInfo: toBillingInfo(detail) });
  },

  /** A verified e-mail change: the new address is the one to log in with. */
  updateEmail(email: string): void {
    if (state.user) setState({ user: { ...state.user, email } });
  },

  /**
   * Logout (`loggedOut`), or a forced one after a 401 or from another tab: nothing of the
   * session stays behind.
   */
  clear({ loggedOut = false }: { loggedOut?: boolean } = {}): void {
    setState({ ...SIGNED_OUT, signupStep: NO_SIGNUP_STEP, loggedOut });
  },

  /** Re-reads storage; another tab may have signed in or out. */
  reload(): void {
    setState(readPersisted(), { save: false });
  },
};

if (typeof window !== 'undefined') {
  const keys: ReadonlySet<string> = new Set(Object.values(SESSION_KEYS));
  window.addEventListener('storage', (event) => {
    // key is null when another tab cleared all of localStorage.
    if (event.key === null || keys.has(event.key)) sessionStore.reload();
  });
}

export const isSignedIn = (s: SessionState): boolean => s.token !== null && s.user !== null;

/** Subscribes a component to one part of the session; the selector must return stable values. */
export function useSession<T>(selector: (s: SessionState) => T): T {
  const read = () => selector(state);
  // The same read serves the build, which draws the page shell with React's server renderer.
  return useSyncExternalStore(sessionStore.subscribe, read, read);
}
