import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, getJson, postJson } from '../../data/api';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../shared/session';
import { useHydrated } from '../../shared/hydrated';

type Provider = { id: string; name: string };

/** Carries ?redirectTo= on to a provider sign-in, so it comes back to the same place. */
function redirectQuery(): string {
  if (typeof window === 'undefined') return '';
  const redirectTo = new URLSearchParams(window.location.search).get('redirectTo');
  return redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
}

/** E-mail and password sign-in and sign-up, and the configured identity providers. */
export default function AuthPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [providers, setProviders] = useState<Provider[]>([]);

  useEffect(() => {
    getJson<{ providers: Provider[] }>('/api/auth/providers')
      .then((r) => setProviders(r.providers))
      .catch(() => setProviders([]));
    const failure = new URLSearchParams(window.location.search).get('error_description');
    if (failure) setError(failure);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the fields: what was typed before the app started is there, not in any state.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      // The server chooses the landing: back where the reader came from, else My Caribbean for
      // readers and the console for editors and admins.
      const redirectTo = new URLSearchParams(window.location.search).get('redirectTo') ?? undefined;
      const result = await postJson<{ redirectTo?: string }>(mode === 'signIn' ? '/api/auth/sign-in' : '/api/auth/sign-up', { email, password, redirectTo });
      await refresh();
      navigate(result.redirectTo ?? '/');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Network error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <h1>{mode === 'signIn' ? t('auth.title') : t('auth.signUpTitle')}</h1>
      <form method="post" onSubmit={submit} noValidate>
        <label htmlFor="auth-email">{t('auth.email')}</label>
        <input id="auth-email" name="email" type="email" autoComplete="email" />
        <label htmlFor="auth-password">{t('auth.password')}</label>
        <input
          id="auth-password"
          name="password"
          type="password"
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          aria-describedby={mode === 'signUp' ? 'password-hint' : undefined}
        />
        {mode === 'signUp' ? (
          <p id="password-hint" className="muted">
            {t('auth.passwordHint')}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy || !hydrated}>
          {busy ? t('auth.working') : mode === 'signIn' ? t('auth.signIn') : t('auth.signUp')}
        </button>
      </form>
      <button
        type="button"
        className="link-button"
        disabled={!hydrated}
        onClick={() => {
          setMode(mode === 'signIn' ? 'signUp' : 'signIn');
          setError(null);
        }}
      >
        {mode === 'signIn' ? t('auth.toSignUp') : t('auth.toSignIn')}
      </button>
      {providers.length > 0 ? (
        <div className="providers">
          <p className="muted">{t('auth.or')}</p>
          {providers.map((p) => (
            <a key={p.id} className="button button-secondary" href={`/api/auth/oidc/${p.id}/start${redirectQuery()}`}>
              {t('auth.withProvider', { name: p.name })}
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
