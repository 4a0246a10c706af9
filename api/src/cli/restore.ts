/**
 * Restores a backup archive into the database the environment names: DATABASE_URL (an empty
 * PostgreSQL database) or DATA_DIR (a new embedded one). Refuses a target that holds anything
 * unless --force, which first deletes what it holds. With BACKUP_KEY set, an unencrypted archive is
 * refused unless --allow-plain, and with an identity as BACKUP_KEY, an archive without the manifest's
 * digest keyed with it unless --allow-unsigned. Usage: pnpm restore FILE [--force] [--allow-plain] [--allow-unsigned]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreInto } from '../modules/backup/restore-target';
import { NEW_SECRETS_NOTICE } from '../modules/backup/restore';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false }, 'allow-plain': { type: 'boolean', default: false }, 'allow-unsigned': { type: 'boolean', default: false } }, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error('Usage: pnpm restore FILE [--force] [--allow-plain] [--allow-unsigned]');
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const summary = await restoreInto(config, archive, { force: values.force, allowPlain: values['allow-plain'], allowUnsigned: values['allow-unsigned'] });
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.DATA_DIR}`;
  console.log(
    `Restored into ${target}: ${summary.rows} rows in ${summary.manifest.tables.length} tables, ${summary.media} media, ${summary.releases} live releases (into ${config.RELEASES_DIR}), taken ${summary.manifest.created_at}` +
      (summary.migratedAfter.length ? `; then applied ${summary.migratedAfter.join(', ')}.` : '.'),
  );
  if (summary.newSecrets) console.log(NEW_SECRETS_NOTICE);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
