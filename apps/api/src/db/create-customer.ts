import { parseArgs } from 'node:util';
import { ROLE, SIGNUP_STEP } from '@portal/contract';
import { loadConfig } from '../config';
import { generatePassword, hashPassword } from '../lib/passwords';
import { openConfiguredDatabase } from './embedded-database';
import { advertiserMembers, advertisers, billingDetails, users } from './schema';

/**
 * Creates a customer with finished sign-up and billing details, for development:
 *   npm run create-customer -- --email dev@example.com [--password ...] [--first-name ...] [--last-name ...]
 * It uses the same configuration as the server (DATA_DIR or DATABASE_URL); stop the server
 * first when it runs on the embedded database, which one process opens at a time.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string', default: 'customer@example.com' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Test' },
      'last-name': { type: 'string', default: 'Customer' },
    },
  });
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const email = values.email.toLowerCase();
    const password = values.password ?? generatePassword();
    const [user] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        roleId: ROLE.customer,
        firstName: values['first-name'],
        lastName: values['last-name'],
        registrationStep: SIGNUP_STEP.complete,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) {
      console.error(`A user with the e-mail ${email} already exists.`);
      process.exitCode = 1;
      return;
    }
    // A customer owns an advertiser account (docs/product/teams.md).
    const [advertiser] = await database.db
      .insert(advertisers)
      .values({ name: `${values['first-name']} ${values['last-name']}` })
      .returning();
    await database.db
      .insert(advertiserMembers)
      .values({ advertiserId: advertiser!.id, userId: user.id, role: 'owner' });
    await database.db.insert(billingDetails).values({
      advertiserId: advertiser!.id,
      type: 'individual',
      country: 'us',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Illinois',
      postalCode: '62701',
      currency: 'usd',
    });
    console.log(`Created customer ${email} with the password ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
