import type { ComponentType } from 'react';

/**
 * Every page of the dashboard, in navigation order. Adding a page is one line here: the router and the
 * navigation are built from this list, and `load` keeps each page in its own chunk (loaded on demand).
 */
export interface PageEntry {
  /** Path under /app/, without a leading slash ('' is the home page). */
  path: string;
  /** The navigation label. */
  title: string;
  /** Where the link shows; pages without one are reached from other pages (detail views, invites). */
  nav?: 'main' | 'settings';
  /** Reachable without a session (sign-in, sign-up, invite acceptance); shown without the app shell. */
  public?: boolean;
  /** Shown only to the instance owner. */
  instanceOwnerOnly?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const pages: PageEntry[] = [
  { path: 'sign-in', title: 'Sign in', public: true, load: () => import('./auth/sign-in-page') },
  { path: 'sign-up', title: 'Sign up', public: true, load: () => import('./auth/sign-up-page') },
  { path: 'forgot-password', title: 'Reset your password', public: true, load: () => import('./auth/forgot-password-page') },
  { path: 'reset-password', title: 'Choose a new password', public: true, load: () => import('./auth/reset-password-page') },
  { path: '', title: 'Overview', nav: 'main', load: () => import('./home/home-page') },
  { path: 'templates', title: 'Templates', nav: 'main', load: () => import('./templates/templates-page') },
  { path: 'templates/starters', title: 'Starter gallery', nav: 'main', load: () => import('./starters/starters-page') },
  { path: 'templates/:uid', title: 'Template', load: () => import('./templates/template-editor-page') },
  // fabric (the visual editor's engine) is only in this page's chunk.
  { path: 'templates/:uid/canvas', title: 'Canvas editor', load: () => import('./templates/canvas/canvas-editor-page') },
  { path: 'templates/:uid/canvas-preview', title: 'Canvas preview', load: () => import('./templates/canvas-view-page') },
  { path: 'video', title: 'Video', nav: 'main', load: () => import('./video/video-templates-page') },
  // A video template by uid alone (links from renders): opens the editor of its kind.
  { path: 'video/templates/:uid', title: 'Video template', load: () => import('./video/video-template-page') },
  // Remotion's player (and the renderer's timeline composition) are only in this page's chunk.
  { path: 'video/templates/:uid/timeline', title: 'Timeline studio', load: () => import('./video/studio/timeline-studio-page') },
  // A code (TSX) video template: CodeMirror, compile errors inline, @remotion/player in a sandboxed frame.
  { path: 'video/templates/:uid/code', title: 'Code template', load: () => import('./video/code-template-page') },
  { path: 'assets', title: 'Assets', nav: 'main', load: () => import('./assets/assets-page') },
  { path: 'renders', title: 'Renders', nav: 'main', load: () => import('./renders/renders-page') },
  { path: 'renders/:id', title: 'Render', load: () => import('./renders/render-detail-page') },
  { path: 'batches', title: 'Batches', nav: 'main', load: () => import('./batches/batches-page') },
  { path: 'batches/:batchId', title: 'Batch', load: () => import('./batches/batch-page') },
  { path: 'bindings', title: 'Bindings', nav: 'main', load: () => import('./bindings/bindings-page') },
  { path: 'playground', title: 'Playground', nav: 'main', load: () => import('./playground/playground-page') },
  { path: 'settings/teams', title: 'Teams', nav: 'settings', load: () => import('./teams/teams-page') },
  { path: 'invite/:token', title: 'Team invitation', load: () => import('./teams/invite-page') },
  { path: 'settings/usage', title: 'Usage and plan', nav: 'settings', load: () => import('./usage/usage-page') },
  { path: 'settings/webhooks', title: 'Webhooks', nav: 'settings', load: () => import('./webhooks/webhooks-page') },
  { path: 'settings/storage', title: 'Storage', nav: 'settings', load: () => import('./storage/custom-storage-page') },
  { path: 'settings/api-keys', title: 'API keys', nav: 'settings', load: () => import('./settings/api-keys-page') },
  { path: 'settings/signed-urls', title: 'Signed URLs', nav: 'settings', load: () => import('./settings/signed-urls-page') },
  { path: 'settings/audit-log', title: 'Audit log', nav: 'settings', load: () => import('./settings/audit-log-page') },
  {
    path: 'settings/instance',
    title: 'Instance',
    nav: 'settings',
    instanceOwnerOnly: true,
    load: () => import('./settings/instance-page'),
  },
  { path: 'settings/account', title: 'Account', nav: 'settings', load: () => import('./settings/account-page') },
];
