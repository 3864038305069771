import os from 'node:os';
import path from 'node:path';

/** E2E_PORT chooses another port, so that two checkouts can run the suite at once. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);

/** The accounts the suite signs in with; the server is started with a fresh database each run. */
export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-pass1' };
export const CUSTOMER = {
  email: 'customer@e2e.test',
  password: 'Customer-e2e-pass1',
  firstName: 'Casey',
  lastName: 'Buyer',
};

export const e2eServerEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  // E-mailed links must open on the origin the browser uses.
  PUBLIC_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
  DATA_DIR: path.join(os.tmpdir(), `portal-e2e-data-${E2E_PORT}`),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  E2E_CUSTOMER_EMAIL: CUSTOMER.email,
  E2E_CUSTOMER_PASSWORD: CUSTOMER.password,
  E2E_CUSTOMER_FIRST_NAME: CUSTOMER.firstName,
  E2E_CUSTOMER_LAST_NAME: CUSTOMER.lastName,
  SUPPORT_EMAIL: 'support@e2e.test',
  // The suite's API sign-ups say which client they stand for (signUpThroughApi), so that the
  // limit of 20 registrations an hour per address counts customers, not the one test runner.
  TRUST_PROXY: '1',
  // Specs move the server's time forward to see flights start and alerts fall due (support/clock.ts).
  TEST_CLOCK: 'true',
  LOG_LEVEL: 'warn',
};
