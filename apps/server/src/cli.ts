import { hashPassword, randomSecret } from './identity/passwords';
import { seedDemo } from './demo/seed-demo';
import { configOrExit, startRuntime, type Runtime } from './runtime';

const USAGE = `Usage: npm run cli -- <command>
  migrate                 apply database migrations
  seed-demo               add the demo publishers and users (once)
  create-admin <email>    create a provider admin (PublisherID ALL, AdminAccess true) and print a one-time password`;

type Command = (rt: Runtime, args: string[]) => Promise<void>;

const commands: Record<string, Command> = {
  async migrate() {
    console.log('migrations are up to date');
  },
  async 'seed-demo'(rt) {
    console.log((await seedDemo(rt.database.db)) ? 'demo data seeded' : 'demo data already present');
  },
  async 'create-admin'(rt, [email]) {
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('create-admin needs a valid e-mail address');
    const password = randomSecret(12);
    await rt.database.db
      .insertInto('users')
      .values({ email, password_hash: await hashPassword(password), publisher_scope: 'ALL', admin_access: true })
      .execute()
      .catch((err: Error) => {
        // The unique index on lower(email) is the arbiter, so two concurrent runs cannot both succeed.
        throw new Error(/duplicate|unique/i.test(err.message) ? `a user with ${email} already exists` : err.message);
      });
    console.log(`admin ${email} created; temporary password: ${password}\nSign in and change it under Profile.`);
  },
};

async function run() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(USAGE);
    process.exit(name ? 2 : 0);
  }
  // The CLI works on the same database as the server (embedded under DATA_DIR or DATABASE_URL);
  // migrations run on open, so every command sees the current schema.
  const rt = await startRuntime(configOrExit({ LOG_LEVEL: 'warn', ...process.env }));
  try {
    await command(rt, args);
  } finally {
    await rt.stop();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
