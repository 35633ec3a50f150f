// Without React or the API client (its AuthConfig fits the parameter), so the node tests load this file
// (test/sign-up-offer.test.ts).

/** What the sign-in page offers someone without an account: a link to sign up, or a sentence saying how to get in. */
type SignUpOffer = { link: string } | { sentence: string };

/**
 * A sign-up link only where it leads to a form: a new instance (the owner), open sign-up, or an invitation link on an
 * invite-only instance (its token rides along). Elsewhere the sign-up page would only say no, so the sign-in page says how instead.
 */
export function signUpOffer(config: { firstRun: boolean; signupMode: 'open' | 'invite' | 'closed' }, invited: boolean): SignUpOffer {
  if (config.firstRun) return { link: 'Create the owner account' };
  // Closed refuses an invitation's sign-up too (libs/db sign-up.ts): only an existing account gets in.
  if (config.signupMode === 'closed') return { sentence: 'This instance does not accept new accounts: ask its owner.' };
  if (config.signupMode === 'open' || invited) return { link: 'Sign up' };
  return { sentence: 'New here? Open the invitation link a team owner sent you.' };
}
