/**
 * Creates an admin, or updates the account with that username to admin with the given e-mail and
 * password. Usage:
 *   pnpm --filter @site/api admin:create [--username U] [--email E]            (asks, without echo)
 *   echo "$PW" | pnpm --filter @site/api admin:create --username U --email E --password-stdin
 * The password is never an argument: arguments show in `ps` and in shell history. Uses the same
 * database settings as the server (DATABASE_URL or DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { RegisterBody } from '@site/shared/contracts/auth';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createRefreshTokenService } from '../modules/auth/refresh-tokens';
import { createUsersService, type AccountNotifier } from '../modules/users/service';
import { accountChangedMail } from '../modules/users/notice-mail';
import { createMailService } from '../modules/mail/service';
import { emailOrigin } from '../lib/origin';

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing of what is typed after the question itself.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, question);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer;
}

/** The whole of standard input, less one trailing line break (what `echo` adds). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

function fail(message: string): void {
  console.error(message);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  if (process.argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    return fail('--password is not accepted (it would show in ps and shell history): use --password-stdin, or leave it out to be asked.');
  }
  let values: { username?: string; email?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      options: { username: { type: 'string' }, email: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  const fromStdin = values['password-stdin'] === true;
  // Standard input carries the password, so the other values cannot be asked for.
  if (fromStdin && (!values.username || !values.email)) return fail('--password-stdin needs --username and --email.');
  const parsed = RegisterBody.safeParse({
    username: values.username ?? (await ask('Username: ')),
    email: values.email ?? (await ask('Email: ')),
    password: fromStdin ? await readStdin() : await ask('Password: ', true),
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await migrate(database);
    // The owner hears of a new password or role before the command ends. The command builds no app
    // and so has no job queue: it sends directly, once the change has committed.
    const mail = createMailService(config);
    const changed: Parameters<AccountNotifier>[] = [];
    const users = createUsersService(database.db, createRefreshTokenService(database.db), async (...notice) => {
      changed.push(notice);
    });
    const { created } = await users.upsertAdmin(parsed.data);
    console.log(`${created ? 'Created' : 'Updated'} admin ${parsed.data.username}.`);
    const notices = changed.map(([user, change]) => mail.send(accountChangedMail(user, change, emailOrigin(config))));
    for (const notice of await Promise.allSettled(notices)) {
      if (notice.status === 'rejected') console.error(`The account's owner was not told by e-mail: ${(notice.reason as Error).message}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
