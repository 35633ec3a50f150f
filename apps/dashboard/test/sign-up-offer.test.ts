import { signUpOffer } from '../src/pages/auth/sign-up-offer.js';

test('a new instance offers to create the owner account, whatever the mode', () => {
  expect(signUpOffer({ firstRun: true, signupMode: 'closed' }, false)).toEqual({ link: 'Create the owner account' });
});

test('open sign-up links to the sign-up form', () => {
  expect(signUpOffer({ firstRun: false, signupMode: 'open' }, false)).toEqual({ link: 'Sign up' });
});

test('invite-only: no link (the sign-up page would only refuse), but the way in: the invitation link', () => {
  expect(signUpOffer({ firstRun: false, signupMode: 'invite' }, false)).toEqual({
    sentence: 'New here? Open the invitation link a team owner sent you.',
  });
});

test('invite-only, arriving from an invitation link: the sign-up link carries it, so it is offered', () => {
  expect(signUpOffer({ firstRun: false, signupMode: 'invite' }, true)).toEqual({ link: 'Sign up' });
});

test('closed: no link, and who to ask, even from an invitation link (the server refuses that sign-up too)', () => {
  for (const invited of [false, true]) {
    expect(signUpOffer({ firstRun: false, signupMode: 'closed' }, invited)).toEqual({
      sentence: 'This instance does not accept new accounts: ask its owner.',
    });
  }
});
