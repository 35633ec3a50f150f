import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authKeys, getAuthConfig, oidcStartUrl, signIn } from '../../api/auth';
import { BASE, safeReturnTo } from '../../app/return-to';
import { buttonClass, Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { AuthCard } from './auth-card';

export default function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useMutation({
    mutationFn: () => signIn({ email, password }),
    onSuccess: async () => {
      await client.resetQueries();
      void navigate(returnTo, { replace: true });
    },
  });
  const signUpOpen = config.data && (config.data.firstRun || config.data.signupMode !== 'closed');
  return (
    <AuthCard
      title="Sign in"
      footer={
        signUpOpen && (
          <p>
            No account yet?{' '}
            <Link className="text-indigo-700 underline" to={`/sign-up?returnTo=${encodeURIComponent(returnTo)}`}>
              {config.data?.firstRun ? 'Create the owner account' : 'Sign up'}
            </Link>
          </p>
        )
      }
    >
      <Form label="Sign in" onSubmit={() => submit.mutate()} error={submit.error} fields={['email', 'password']}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(submit.error, 'email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError(submit.error, 'password')}
        />
        <Button type="submit" busy={submit.isPending}>
          Sign in
        </Button>
      </Form>
      {config.data?.oidc.enabled && (
        <a className={buttonClass('secondary')} href={oidcStartUrl(`${BASE}${returnTo}`)}>
          Sign in with {config.data.oidc.name ?? 'single sign-on'}
        </a>
      )}
    </AuthCard>
  );
}
