import { ConfigError } from '@pressroom/config';
import { databaseOpenProblem, DataDirLockedError, DuplicateError, MigrationsPendingError, NotFoundError, type Db } from '@pressroom/db';
import { CliError } from './cli-error.js';
import { resolveCommand } from './commands.js';
import { join } from 'node:path';
import { ADMIN_SOCKET_NAME, runViaAdminSocket } from './admin-socket.js';
import { announcerFromEnv } from './announce-from-env.js';
import { databaseOptionsFromEnv, openDatabaseFromEnv } from './database-from-env.js';
import { runMigrate } from './migrate-command.js';
import { USAGE } from './usage.js';

// Operator commands for accounts, API keys and teams. Answers go to stdout, commentary beside them (notes) to
// stderr: a command that issues a key prints only the key on stdout, so `KEY=$(make -s key ACCOUNT=me)` works.

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    (argv.length === 0 ? console.error : console.log)(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  // Straight to the database, never through a running server's admin socket: the schema is the operator's to change.
  if (argv[0] === 'migrate') return runMigrate(argv.slice(1)).catch(reported);
  const resolved = resolveCommand(argv);
  if (!resolved) {
    console.error(`error: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${USAGE}`);
    return 1;
  }
  // A running embedded server holds the PGlite database: ask it instead.
  let options: ReturnType<typeof databaseOptionsFromEnv>;
  try {
    options = databaseOptionsFromEnv();
  } catch (error) {
    return reported(error);
  }
  const socketPath = options.dataDir ? join(options.dataDir, '..', ADMIN_SOCKET_NAME) : null;
  const viaServer = async (): Promise<number | null> => {
    const reply = socketPath ? await runViaAdminSocket(socketPath, argv) : null;
    if (!reply) return null;
    if (!reply.ok) {
      console.error(`error: ${reply.error}`);
      return 1;
    }
    for (const line of reply.lines) (line.note ? console.error : console.log)(line.text);
    return 0;
  };
  const answered = await viaServer();
  if (answered !== null) return answered;
  let db: Db | undefined;
  let announcer: ReturnType<typeof announcerFromEnv> | undefined;
  try {
    db = await openDatabaseFromEnv();
    announcer = announcerFromEnv();
    await resolved.command(db, resolved.args, (line, kind) => (kind === 'note' ? console.error : console.log)(line), announcer.announce);
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError && socketPath) {
      // The server may still be starting: its admin socket opens once the database is up.
      const patienceMs = Number(process.env.PRESSROOM_ADMIN_SOCKET_WAIT_MS ?? 30_000);
      for (let waited = 0; waited < patienceMs; waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
        const late = await viaServer();
        if (late !== null) return late;
      }
    }
    return reported(error);
  } finally {
    await announcer?.close();
    await db?.close();
  }
}

/** An operator's mistake (or a refusal) as one `error:` line and exit 1; anything else with its stack. */
function reported(error: unknown): number {
  if (error instanceof DataDirLockedError) {
    console.error(`error: ${error.message}.\nThe embedded server keeps its database open; run admin commands while it is stopped.`);
    return 1;
  }
  // A PostgreSQL that is down, refuses the user or has no such database: what it said, not pg's stack.
  const unreachable = databaseOpenProblem(error, process.env.DATABASE_URL);
  if (unreachable) {
    console.error(`error: ${unreachable}`);
    return 1;
  }
  if (
    error instanceof CliError ||
    error instanceof DuplicateError ||
    error instanceof NotFoundError ||
    error instanceof ConfigError ||
    error instanceof MigrationsPendingError
  ) {
    console.error(`error: ${error.message}`);
    return 1;
  }
  console.error(error);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
