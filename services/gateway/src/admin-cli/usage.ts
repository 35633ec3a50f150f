export const USAGE = `Pressroom admin CLI

Usage: node --conditions=source --import tsx services/gateway/src/admin-cli/main.ts <command>

  accounts create <name> [--plan free|pro|business|enterprise]
                                             default: the instance's plan for new workspaces (free unless changed)
  accounts list
  keys create <account-name> [--label L]     prints the new key as the last line
  keys list <account-name>                   masked
  keys rotate <key-id>                       revokes the old key, prints the new key last
  keys revoke <key-id>
  teams create <name>
  teams add <team-name> <account-name>
  users set-password <account-name> --email E [--password P]
                                             the account signs in to the dashboard as E; without --password
                                             a random one is printed as the last line
  accounts plan <name> <plan> [--overage on|off] [enterprise: --per-minute N --per-day N
                --render-credits N --ai-credits N]   set the plan (docs/limits.md)
  teams plan <team-name> <plan> [same options]       a team's plan applies to all its members
  key --account <name> [--plan P] [--label L]
                                             creates the account if missing (on the instance's plan for new
                                             workspaces, free unless changed, or --plan), then a key (printed last)
  migrate                                    applies pending database migrations (the one-shot run for
                                             PRESSROOM_MIGRATE=off; docs/operations.md)

Database: DATABASE_URL set → PostgreSQL; otherwise the embedded PGlite under
\${PRESSROOM_DATA_DIR:-.data}/pglite. While an embedded server runs on that directory, commands go through its
admin socket (the database is open in that process); migrate never does. With PRESSROOM_MIGRATE=off the
other commands refuse a database that migrate has not brought up to date.`;
