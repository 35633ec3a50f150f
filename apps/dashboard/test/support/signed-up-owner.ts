import type { BrowserContext, Page } from 'playwright-core';
import { signUpInBrowser, startDashboardRig, type DashboardRig } from '../browser.js';

export interface OwnerRig {
  rig: DashboardRig;
  /** The owner's browser profile: its cookie holds the session. */
  context: BrowserContext;
  /** The owner's page, on the overview. */
  page: Page;
}

/**
 * The set-up of a suite whose first account (the instance's owner) signs up through the sign-up page as a person
 * does, then sees the overview. `rig` passes startDashboardRig's options; `clipboard` lets the owner's page read and
 * write the clipboard (copy buttons).
 */
export async function startRigWithOwner(options: {
  owner: { email: string; password: string; name?: string };
  rig?: Parameters<typeof startDashboardRig>[0];
  clipboard?: boolean;
}): Promise<OwnerRig> {
  const rig = await startDashboardRig(options.rig);
  // A failed sign-up must not leave the stack and the browser running: the suite never got the rig to dispose.
  try {
    const context = await rig.newContext();
    if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.stack.baseUrl });
    const page = await context.newPage();
    await signUpInBrowser(page, rig, options.owner);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    return { rig, context, page };
  } catch (error) {
    await rig.dispose();
    throw error;
  }
}
