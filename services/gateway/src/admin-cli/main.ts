import { ConfigError } from '@pressroom/config';
import { DataDirLockedError, DuplicateError, NotFoundError, type Db } from '@pressroom/db';
import { CliError } from './cli-error.js';
import { resolveCommand } from './commands.js';
import { join } from 'node:path';
import { ADMIN_SOCKET_NAME, runViaAdminSocket } from './admin-socket.js';
import { databaseOptionsFromEnv, openDatabaseFromEnv } from './database-from-env.js';
import { USAGE } from './usage.js';

// Operator commands for accounts, API keys and teams. Output goes to stdout; a key
// a command issues is always the last line, so scripts can take it with `tail -n 1`.

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    (argv.length === 0 ? console.error : console.log)(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const resolved = resolveCommand(argv);
  if (!resolved) {
    console.error(`error: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${USAGE}`);
    return 1;
  }
  // A running embedded server holds the PGlite database: ask it instead.
  const options = databaseOptionsFromEnv();
  if (options.dataDir) {
    const reply = await runViaAdminSocket(join(options.dataDir, '..', ADMIN_SOCKET_NAME), argv);
    if (reply) {
      if (!reply.ok) {
        console.error(`error: ${reply.error}`);
        return 1;
      }
      for (const line of reply.lines) console.log(line);
      return 0;
    }
  }
  let db: Db | undefined;
  try {
    db = await openDatabaseFromEnv();
    await resolved.command(db, resolved.args, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`error: ${error.message}.\nThe embedded server keeps its database open; run admin commands while it is stopped.`);
      return 1;
    }
    if (error instanceof CliError || error instanceof DuplicateError || error instanceof NotFoundError || error instanceof ConfigError) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    console.error(error);
    return 1;
  } finally {
    await db?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
