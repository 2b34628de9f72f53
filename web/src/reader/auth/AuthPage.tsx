import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, getJson, postJson } from '../../data/api';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../shared/session';
import { useHydrated } from '../../shared/hydrated';
import { authErrorKey, failureFromQuery } from './auth-errors';

type Provider = { id: string; name: string };

/** Carries ?redirectTo= on to a provider sign-in, so it comes back to the same place. */
function redirectQuery(): string {
  if (typeof window === 'undefined') return '';
  const redirectTo = new URLSearchParams(window.location.search).get('redirectTo');
  return redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
}

type Mode = 'signIn' | 'signUp' | 'forgot' | 'reset';

/** The translation key of what went wrong: the code's fixed text (the server's words are not shown). */
function errorKey(e: unknown): string {
  return authErrorKey(e instanceof ApiError ? e.code : 'network');
}

/**
 * E-mail and password sign-in and sign-up, "Forgot your password?" and the e-mailed link's
 * new-password form (/auth?reset_token=…), and the configured identity providers. Errors are
 * shown as fixed, translated texts chosen by their code (auth-errors.ts).
 */
export default function AuthPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [mode, setMode] = useState<Mode>('signIn');
  const [resetToken, setResetToken] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [providers, setProviders] = useState<Provider[]>([]);

  useEffect(() => {
    getJson<{ providers: Provider[] }>('/api/auth/providers')
      .then((r) => setProviders(r.providers))
      .catch(() => setProviders([]));
    const failure = failureFromQuery(window.location.search);
    if (failure) setError(failure);
    const token = new URLSearchParams(window.location.search).get('reset_token');
    if (token) {
      setResetToken(token);
      setMode('reset');
      // The token leaves the address bar (and the history) once read.
      window.history.replaceState(null, '', window.location.pathname);
    }
  }, []);

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the fields: what was typed before the app started is there, not in any state.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      if (mode === 'forgot') {
        await postJson('/api/auth/password/forgot', { email });
        setNotice('auth.forgotSent');
        return;
      }
      if (mode === 'reset') {
        await postJson('/api/auth/password/reset', { token: resetToken ?? '', password });
        await refresh();
        setMode('signIn');
        setNotice('auth.resetDone');
        return;
      }
      // The server chooses the landing: back where the reader came from, else My Caribbean for
      // readers and the console for editors and admins.
      const redirectTo = new URLSearchParams(window.location.search).get('redirectTo') ?? undefined;
      const result = await postJson<{ redirectTo?: string }>(mode === 'signIn' ? '/api/auth/sign-in' : '/api/auth/sign-up', { email, password, redirectTo });
      await refresh();
      navigate(result.redirectTo ?? '/');
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };

  const title = { signIn: 'auth.title', signUp: 'auth.signUpTitle', forgot: 'auth.forgotTitle', reset: 'auth.resetTitle' }[mode];
  const action = { signIn: 'auth.signIn', signUp: 'auth.signUp', forgot: 'auth.forgotSend', reset: 'auth.resetSave' }[mode];
  const newPassword = mode === 'signUp' || mode === 'reset';
  return (
    <div className="auth-page">
      <h1>{t(title)}</h1>
      {mode === 'forgot' ? <p className="muted">{t('auth.forgotIntro')}</p> : null}
      <form method="post" onSubmit={submit} noValidate>
        {mode !== 'reset' ? (
          <>
            <label htmlFor="auth-email">{t('auth.email')}</label>
            <input id="auth-email" name="email" type="email" autoComplete="email" />
          </>
        ) : null}
        {mode !== 'forgot' ? (
          <>
            <label htmlFor="auth-password">{mode === 'reset' ? t('auth.newPassword') : t('auth.password')}</label>
            <input
              id="auth-password"
              name="password"
              type="password"
              autoComplete={newPassword ? 'new-password' : 'current-password'}
              aria-describedby={newPassword ? 'password-hint' : undefined}
            />
          </>
        ) : null}
        {newPassword ? (
          <p id="password-hint" className="muted">
            {t('auth.passwordHint')}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="form-error">
            {t(error)}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="form-notice">
            {t(notice)}
          </p>
        ) : null}
        <button type="submit" disabled={busy || !hydrated}>
          {busy ? t('auth.working') : t(action)}
        </button>
      </form>
      {mode === 'signIn' ? (
        <button type="button" className="link-button" disabled={!hydrated} onClick={() => switchTo('forgot')}>
          {t('auth.forgot')}
        </button>
      ) : null}
      <button type="button" className="link-button" disabled={!hydrated} onClick={() => switchTo(mode === 'signIn' ? 'signUp' : 'signIn')}>
        {mode === 'signIn' ? t('auth.toSignUp') : t('auth.toSignIn')}
      </button>
      {providers.length > 0 && mode !== 'reset' ? (
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
