export { openDatabase, migrateDatabase, sqlRows, type Db, type Orm, type Schema, type OpenDatabaseOptions } from './open.js';
export { migrationsFolder, MigrationsPendingError, type MigrateMode } from './migrate.js';
export { DuplicateError, NotFoundError, DataDirLockedError } from './errors.js';
export {
  PLANS,
  type Plan,
  type Account,
  type Team,
  createAccount,
  findAccountByName,
  getAccount,
  listAccounts,
  createTeam,
  findTeamByName,
  addAccountToTeam,
} from './accounts.js';
export { API_KEY_PREFIX, isWellFormedApiKey, hashApiKey } from './api-key-format.js';
export {
  type ApiKeyView,
  type IssuedApiKey,
  createApiKey,
  importLegacyApiKey,
  authenticateApiKey,
  listApiKeys,
  getApiKey,
  revokeApiKey,
  rotateApiKey,
} from './api-keys.js';
export {
  type TemplateRow,
  type NewTemplate,
  type TemplatePatch,
  type SavedTemplate,
  type ListTemplatesQuery,
  blankTemplateRow,
  insertTemplate,
  getTemplate,
  updateTemplate,
  deleteTemplate,
  listTemplates,
  markTemplateRendered,
} from './templates.js';
export {
  TEMPLATE_VERSIONS_KEPT,
  type TemplateVersionRow,
  type SavedVersion,
  type VersionAuthor,
  listTemplateVersions,
  getTemplateVersion,
  setTemplateVersionThumbnail,
} from './template-versions.js';
export { type TemplateSnapshot } from './schema-template-versions.js';
export { templateDesignOf } from './template-design.js';
export { type RevisedTemplate, StaleTemplateRevisionError, getRevisedTemplate } from './template-revision.js';
export {
  type RenderRow,
  type NewRender,
  type RenderError,
  type RenderState,
  type RenderVia,
  type ClaimResult,
  type RenderAttempt,
  insertUnchargedRender,
  claimRender,
  completeRender,
  failRender,
  renewRenderLease,
  listAbandonedRenders,
  listLongQueuedRenders,
  listStrandedRenders,
  withdrawQueuedRender,
  markRenderPublished,
  listUnpublishedRenders,
  getRender,
  getRenderById,
  listRenders,
  listExpiredRenders,
} from './renders.js';
export * from './custom-storages.js';
export * from './webhook-subscriptions.js';
export * from './webhook-matching.js';
export * from './webhook-deliveries.js';
export * from './webhook-attempts.js';
export {
  type RenderCursor,
  type RenderHistoryQuery,
  type RenderHistoryRow,
  PREVIEW_ORIGIN,
  listRenderHistory,
  getRenderOfHistory,
  deleteRender,
  encodeRenderCursor,
  decodeRenderCursor,
} from './render-history.js';
export * from './batches.js';
export * from './batch-retry.js';
export { type SecretBox, createSecretBox, newSigningSecret, localSecretKey } from './secret-box.js';
export * as tables from './schema.js';
export * from './bindings.js';
export * from './plan-limits.js';
export * from './limits.js';
export * from './plan-holders.js';
export * from './url-render-cache.js';
export * from './idempotency.js';
export * from './video-templates.js';
export * from './auth-errors.js';
export { hashPassword, verifyPassword } from './passwords.js';
export * from './users.js';
export * from './new-workspace-plan.js';
export * from './instance-settings.js';
export * from './sessions.js';
export * from './user-sessions.js';
export { browserLabel } from './browser-label.js';
export * from './password-resets.js';
export * from './workspaces.js';
export * from './team-workspaces.js';
export * from './workspace-keys.js';
export * from './team-invites.js';
export * from './sign-up.js';
export * from './webhook-controls.js';
export * from './usage.js';
export {
  activeUrlSigningSecret,
  findUrlSigningSecret,
  newUrlSigningSecret,
  replaceUrlSigningSecret,
  revokeUrlSigningSecret,
  takeSignedRender,
  type UrlSigningSecretRow,
} from './url-signing-secrets.js';
export * from './assets.js';
export * from './refused-requests.js';
export * from './audit-events.js';
export { databaseOpenProblem } from './database-error.js';
