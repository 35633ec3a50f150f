/*
 * Example answers the reference page shows beside their schemas. Each is checked against its
 * schema (response-schemas.test.ts), so an example cannot promise a field the schema drops.
 */

const BASE = 'https://pressroom.example.com';
const IMAGE = 'img_4k9x2m7q1c8v3b6n5z0w2r7t';
const TEMPLATE = 'tpl_7r2m9c4x1q8v5b3n6k0w2z4d';
const BATCH = 'bat_2n8v4c1x7q9m3b5k6r0w2z4t';
const BINDING = 'bnd_9c3x7m2q4v1b8n5k6r0w2z4t';
const CREATED = '2026-03-02T09:14:05.120Z';
const DONE = '2026-03-02T09:14:06.410Z';

const historyItem = {
  id: IMAGE,
  kind: 'image',
  status: 'done',
  templateUid: TEMPLATE,
  templateName: 'Blog card',
  format: 'png',
  createdAt: CREATED,
  completedAt: DONE,
  durationMs: 1290,
  url: `${BASE}/files/renders/${IMAGE}.png`,
  thumbnailUrl: `${BASE}/files/renders/${IMAGE}.png`,
  width: 1200,
  height: 630,
  error: null,
};

export const RENDER_HISTORY_EXAMPLE = {
  items: [
    historyItem,
    {
      ...historyItem,
      id: 'pdf_6b2n8v4c1x7q9m3k5r0w2z4t',
      kind: 'pdf',
      status: 'failed',
      templateUid: null,
      templateName: null,
      format: 'pdf',
      url: null,
      thumbnailUrl: null,
      width: null,
      height: null,
      durationMs: 30010,
      error: { slug: 'render-timeout', title: 'Render timed out', detail: 'The page did not finish loading within 30 seconds.' },
    },
  ],
  pagination: { limit: 30, nextCursor: 'MjAyNi0wMy0wMlQwOToxNDowNS4xMjBafGltZ180azl4', hasMore: true },
};

export const RENDER_DETAIL_EXAMPLE = {
  render: {
    ...historyItem,
    parameters: { origin: 'template', templateUid: TEMPLATE, format: 'png', width: 1200, height: 630, cost: 1 },
    contentType: 'image/png',
    bytes: 48213,
    timings: { createdAt: CREATED, startedAt: '2026-03-02T09:14:05.180Z', completedAt: DONE, queuedMs: 60, renderMs: 1230, totalMs: 1290 },
    problem: null,
  },
};

export const PDF_PRESETS_EXAMPLE = {
  presets: {
    A4: { name: 'A4', width: 595.28, height: 841.89, widthMm: 210, heightMm: 297 },
    Letter: { name: 'Letter', width: 612, height: 792, widthMm: 215.9, heightMm: 279.4 },
    Legal: { name: 'Legal', width: 612, height: 1008, widthMm: 215.9, heightMm: 355.6 },
    A3: { name: 'A3', width: 841.89, height: 1190.55, widthMm: 297, heightMm: 420 },
    A5: { name: 'A5', width: 419.53, height: 595.28, widthMm: 148, heightMm: 210 },
  },
};

const titleDefinition = { name: 'title', type: 'text', defaultValue: 'Hello', allowRawHtml: false, validation: { required: true } };

export const TEMPLATE_VARIABLES_EXAMPLE = {
  templateUid: TEMPLATE,
  templateName: 'Blog card',
  variables: [titleDefinition, { name: 'accent', type: 'color', defaultValue: '#4f46e5', allowRawHtml: false }],
  detected: ['title', 'accent', 'author'],
  layouts: ['default', 'square'],
};

export const VIDEO_VARIABLES_EXAMPLE = {
  uid: 'vtp_3x7m2q4v1b8n5k6r0w2z4c9t',
  kind: 'code',
  variableDefinitions: [titleDefinition],
  templateUid: 'vtp_3x7m2q4v1b8n5k6r0w2z4c9t',
  templateName: 'Title card',
  variables: [titleDefinition],
  referenced: ['title'],
};

export const FUNCTIONS_EXAMPLE = {
  functions: [
    {
      name: 'uppercase',
      category: 'string',
      signature: 'uppercase(text)',
      description: 'The text in capitals.',
      example: "uppercase('ada')",
      result: 'ADA',
    },
    {
      name: 'round',
      category: 'number',
      signature: 'round(number, digits?)',
      description: 'Rounded to `digits` decimals (0 by default).',
      example: 'round(3.14159, 2)',
      result: 3.14,
    },
  ],
};

const batchSummary = {
  batchId: BATCH,
  templateId: TEMPLATE,
  templateName: 'Blog card',
  status: 'partial',
  format: 'png',
  progress: 100,
  totalItems: 3,
  completedItems: 2,
  failedItems: 1,
  cancelledItems: 0,
  createdAt: CREATED,
  startedAt: '2026-03-02T09:14:05.300Z',
  completedAt: '2026-03-02T09:14:09.870Z',
  expiresAt: '2026-03-09T09:14:09.870Z',
};

export const RECENT_BATCHES_EXAMPLE = { batches: [batchSummary] };

const failedItem = {
  index: 2,
  success: false,
  url: null,
  width: null,
  height: null,
  error: 'Variable `title` is required.',
  errorCode: 'INVALID_VARIABLE',
  imageId: null,
  variables: { title: '' },
};

export const BATCH_RESULTS_EXAMPLE = {
  ...batchSummary,
  results: [
    {
      index: 0,
      success: true,
      url: `${BASE}/files/renders/${IMAGE}.png`,
      width: 1200,
      height: 630,
      error: null,
      errorCode: null,
      imageId: IMAGE,
      variables: { title: 'One' },
    },
    failedItem,
  ],
  errors: [failedItem],
};

export const BATCH_START_EXAMPLE = {
  batchId: BATCH,
  status: 'pending',
  totalItems: 2,
  message: `Batch of 2 items accepted; follow it at GET /templates/batch/${BATCH}/results.`,
};

export const BATCH_RETRY_EXAMPLE = {
  batchId: 'bat_7k2m9q4x1c8v3n6b5r0w2z4t',
  status: 'pending',
  totalItems: 3,
  message: 'Batch of 3 items accepted; follow it at GET /templates/batch/bat_7k2m9q4x1c8v3n6b5r0w2z4t/results.',
  retryOf: BATCH,
  failedRows: 2,
};

export const BATCH_CANCELLED_EXAMPLE = {
  batchId: BATCH,
  status: 'cancelled',
  message: 'Batch cancelled: 40 items will not render; 5 already rendering will finish.',
};

const bindingView = {
  uid: BINDING,
  name: 'Visitors today',
  templateId: TEMPLATE,
  dataSource: {
    type: 'http',
    url: 'https://api.example.com/stats',
    method: 'GET',
    credentials: { type: 'bearer_token', value: '••••9f2c' },
  },
  mapping: { visitors: 'data.visitors' },
  defaults: { visitors: 0 },
  refreshPolicy: { type: 'ttl', ttlSeconds: 3600, onError: 'serve_stale' },
  outputConfig: { format: 'png', quality: 0.9 },
  status: 'active',
  renderUrl: `${BASE}/b/${BINDING}.png`,
  webhookUrl: `${BASE}/hooks/bindings/${BINDING}/3q8v4c1x7m9b2n5k6r0w`,
  lastRefreshAt: DONE,
  lastSuccessAt: DONE,
  nextRefreshAt: '2026-03-02T10:14:06.410Z',
  lastError: null,
  consecutiveFailures: 0,
  createdAt: CREATED,
  updatedAt: DONE,
};

export const BINDING_EXAMPLE = { binding: bindingView };

const sourceDescription = {
  ok: true,
  status: 200,
  etag: '"5f2a"',
  bytes: 38,
  paths: [
    { path: 'data', type: 'object', sample: { visitors: 1234 } },
    { path: 'data.visitors', type: 'number', sample: 1234 },
  ],
  truncated: false,
  data: { data: { visitors: 1234 } },
};

export const SOURCE_DESCRIPTION_EXAMPLE = sourceDescription;

export const BINDING_TEST_EXAMPLE = { ...sourceDescription, mapping: { ok: true, variables: { visitors: 1234 } } };

const period = { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' };

export const PLAN_DETAILS_EXAMPLE = {
  plan: 'pro',
  ownerId: 'acc_8v4c1x7q9m3b2n5k6r0w2z4t',
  team: false,
  requestLimits: { perMinute: 300, perDay: 10000 },
  renders: { used: 412.5, limit: 5000, overageEnabled: false, periodStart: period.start, periodEnd: period.end },
  aiCredits: { used: 12, limit: 500 },
};

export const USAGE_EXAMPLE = {
  period,
  credits: { used: 412.5, limit: 5000, overage: false, overageAllowed: true },
  aiCredits: { used: 12, limit: 500 },
  rate: { perMinute: 300, perDay: 10000, tier: 'pro' },
  perDay: [
    { date: '2026-03-01', image: 120, gif: 4, pdf: 18, video: 0, failed: 2, bindingRefreshes: 6, aiScreenshots: 0 },
    { date: '2026-03-02', image: 96, gif: 0, pdf: 22, video: 1, failed: 0, bindingRefreshes: 4, aiScreenshots: 1 },
  ],
  renders: { total: 431, charged: 411, failed: 3, bindingRefreshes: 15, aiScreenshots: 2 },
};

export const CALLER_EXAMPLE = {
  user: {
    id: 'acc_8v4c1x7q9m3b2n5k6r0w2z4t',
    name: 'Marketing site',
    plan: 'pro',
    teamId: null,
    ownerId: 'acc_8v4c1x7q9m3b2n5k6r0w2z4t',
    createdAt: CREATED,
  },
};

const user = { id: 'usr_1x7q9m3b2n5k6r0w2z4t8v4c', email: 'ada@example.com', name: 'Ada', instanceRole: 'owner', hasPassword: true };
const TEAM = 'team_5k6r0w2z4t8v4c1x7q9m3b2n';

export const SIGNED_IN_EXAMPLE = { user };

export const USER_SESSIONS_EXAMPLE = {
  items: [
    {
      id: '9f2c41d07be35a88',
      browser: 'Firefox on Windows',
      createdAt: '2026-01-05T09:12:00.000Z',
      lastUsedAt: '2026-01-06T10:00:00.000Z',
      current: true,
    },
    {
      id: '3a7e90c2d415fb06',
      browser: 'Safari on iOS',
      createdAt: '2026-01-02T18:40:00.000Z',
      lastUsedAt: '2026-01-04T21:05:00.000Z',
      current: false,
    },
  ],
};

export const SESSION_EXAMPLE = {
  user,
  workspaces: [
    { id: 'acc_8v4c1x7q9m3b2n5k6r0w2z4t', kind: 'personal', name: 'Ada', role: 'owner' },
    { id: TEAM, kind: 'team', name: 'Marketing', role: 'admin' },
  ],
  workspaceId: TEAM,
};

export const TEAMS_EXAMPLE = { items: [{ id: TEAM, name: 'Marketing', role: 'admin' }] };

export const TEAM_CREATED_EXAMPLE = { id: TEAM, name: 'Marketing', role: 'owner' };

export const TEAM_MEMBERS_EXAMPLE = {
  items: [
    { userId: user.id, email: user.email, name: user.name, role: 'owner', joinedAt: CREATED },
    { userId: 'usr_7q9m3b2n5k6r0w2z4t8v4c1x', email: 'grace@example.com', name: null, role: 'member', joinedAt: DONE },
  ],
};

export const INVITE_EXAMPLE = { team: { id: TEAM, name: 'Marketing' }, role: 'member', email: 'grace@example.com', expiresAt: DONE };

export const INVITE_ACCEPTED_EXAMPLE = { team: { id: TEAM, name: 'Marketing' }, alreadyMember: false, session: SESSION_EXAMPLE };

const limits = {
  free: { perMinute: 60, perDay: 1000, renderCredits: 100, aiCredits: 10 },
  pro: { perMinute: 300, perDay: 10000, renderCredits: 5000, aiCredits: 500 },
  business: { perMinute: 1000, perDay: 100000, renderCredits: 50000, aiCredits: 5000 },
  enterprise: { perMinute: 100000, perDay: 10000000, renderCredits: 1000000, aiCredits: 100000 },
};

export const PLAN_HOLDERS_EXAMPLE = {
  items: [
    {
      id: TEAM,
      kind: 'team',
      name: 'Marketing',
      email: null,
      members: 4,
      plan: 'business',
      overage: true,
      customLimits: false,
      limits: limits.business,
      creditsUsed: 18250,
    },
    {
      id: 'acc_8v4c1x7q9m3b2n5k6r0w2z4t',
      kind: 'account',
      name: 'Ada',
      email: 'ada@example.com',
      members: null,
      plan: 'free',
      overage: false,
      customLimits: false,
      limits: limits.free,
      creditsUsed: 37,
    },
  ],
  plans: limits,
};

export const PLAN_CHANGED_EXAMPLE = {
  id: TEAM,
  kind: 'team',
  plan: 'enterprise',
  overage: true,
  limits: { ...limits.enterprise, renderCredits: 250000 },
};

const fontAsset = {
  id: 'ast_2z4t8v4c1x7q9m3b2n5k6r0w',
  kind: 'font',
  format: 'woff2',
  name: 'Inter Bold',
  contentType: 'font/woff2',
  sizeBytes: 108532,
  url: `${BASE}/files/assets/ast_2z4t8v4c1x7q9m3b2n5k6r0w.woff2`,
  font: { family: 'Inter', weight: 700, style: 'normal' },
  createdAt: CREATED,
};

export const ASSET_EXAMPLE = { asset: fontAsset };

export const ASSET_LIST_EXAMPLE = {
  assets: [fontAsset],
  pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNext: false, hasPrev: false },
  usage: { plan: 'pro', assets: 1, bytes: 108532, limits: { assets: 1000, bytes: 2097152000, fileBytes: 26214400 } },
};

export const STARTERS_EXAMPLE = {
  starters: [
    {
      key: 'og-image',
      name: 'Open Graph image',
      category: 'social',
      description: 'Link preview for blogs and docs.',
      width: 1200,
      height: 630,
      variableDefinitions: [{ name: 'title', type: 'text', defaultValue: 'How we render a million images a day', allowRawHtml: false }],
      engine: 'fabric',
      fabricJSData: {
        version: '6.0.0',
        width: 1200,
        height: 630,
        background: '#ffffff',
        objects: [{ type: 'Textbox', text: '{{title}}', left: 80, top: 240, width: 1040, fontSize: 72 }],
      },
    },
    {
      key: 'html-article-card',
      name: 'Article card (HTML)',
      category: 'social',
      description: 'Link preview in HTML and CSS; the topic shows only when set.',
      width: 1200,
      height: 630,
      variableDefinitions: [{ name: 'title', type: 'text', defaultValue: 'Rendering a million cards a day', allowRawHtml: false }],
      engine: 'html',
      html: '<div class="card"><h1>{{ title }}</h1></div>',
    },
  ],
};

export const HEALTH_EXAMPLE = { status: 'ok', components: { bus: { ok: true }, db: { ok: true }, storage: { ok: true } } };

export const MCP_EXAMPLE = {
  jsonrpc: '2.0',
  id: 1,
  result: { tools: [{ name: 'render_image', description: 'Render an image from HTML, a URL or a template.' }] },
};

export const AUDIT_ACTORS_EXAMPLE = {
  actors: [
    { accountId: 'acc_0123456789abcdefghjkmnpq', email: 'ada@example.com', name: 'Ada' },
    { accountId: 'admin-cli', email: null, name: 'admin CLI' },
  ],
};

export const AUDIT_LOG_EXAMPLE = {
  items: [
    {
      id: '7',
      at: '2026-03-02T10:15:00.000Z',
      action: 'api_key.revoked',
      actor: { accountId: 'acc_0123456789abcdefghjkmnpq', email: 'ada@example.com', name: 'Ada' },
      target: { id: 'key_0123456789abcdefghjkmnpq', label: 'CI (prs_live_ab12…9f3c)' },
      key: null,
      ip: '203.0.113.9',
    },
  ],
  pagination: { limit: 50, nextCursor: null, hasMore: false },
};

export const REFUSED_REQUESTS_EXAMPLE = {
  items: [
    {
      id: '42',
      at: '2026-03-02T10:15:00.000Z',
      method: 'POST',
      path: '/image',
      status: 400,
      type: 'validation-error',
      title: 'Validation error',
      detail: 'The request body is invalid: width: Must be at least 1 px.',
      errors: [{ field: 'width', message: 'Must be at least 1 px', code: 'too_small' }],
      key: { id: 'key_0123456789abcdefghjkmnpq', name: 'CI', masked: 'prs_live_ab12…9f3c' },
    },
  ],
};
