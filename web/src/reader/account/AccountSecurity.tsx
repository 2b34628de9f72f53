import { useState, type FormEvent } from 'react';
import { ApiError } from '../../data/api';
import { useSession } from '../../shared/session';
import { authErrorKey } from '../auth/auth-errors';
import { meApi } from './api';
import { useAccountT } from './i18n';

const errorKey = (e: unknown) => authErrorKey(e instanceof ApiError ? e.code : 'network');

/** Change password: the current one and a new one; the other devices are signed out. */
export function ChangePassword() {
  const t = useAccountT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; key: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setMessage(null);
    try {
      await meApi.changePassword(String(form.get('current') ?? ''), String(form.get('next') ?? ''));
      formElement.reset();
      setMessage({ kind: 'done', key: 'readerAccount.passwordChanged' });
    } catch (e) {
      setMessage({ kind: 'error', key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id="password" aria-labelledby="password-title">
      <h2 id="password-title">{t('readerAccount.passwordTitle')}</h2>
      <form className="account-form" onSubmit={submit} noValidate>
        <label htmlFor="current-password">{t('readerAccount.currentPassword')}</label>
        <input id="current-password" name="current" type="password" autoComplete="current-password" />
        <label htmlFor="new-password">{t('readerAccount.newPassword')}</label>
        <input id="new-password" name="next" type="password" autoComplete="new-password" aria-describedby="new-password-hint" />
        <p id="new-password-hint" className="muted">
          {t('auth.passwordHint')}
        </p>
        {message ? (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'form-error' : undefined}>
            {t(message.key)}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {t('readerAccount.changePassword')}
        </button>
      </form>
    </section>
  );
}

/** Delete the account: confirmed with the password (or DELETE when it has none); then home, signed out. */
export function DeleteAccount() {
  const t = useAccountT();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get('confirm') ?? '');
    setBusy(true);
    setError(null);
    try {
      await meApi.deleteAccount(secret);
      await refresh();
      window.location.assign('/');
    } catch (e) {
      setError(errorKey(e));
      setBusy(false);
    }
  };
  return (
    <section id="delete-account" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('readerAccount.deleteTitle')}</h2>
      <p className="muted">{t('readerAccount.deleteIntro')}</p>
      <form className="account-form" onSubmit={submit} noValidate>
        <label htmlFor="delete-confirm">{t('readerAccount.deleteConfirm')}</label>
        <input id="delete-confirm" name="confirm" type="password" autoComplete="current-password" />
        {error ? (
          <p role="alert" className="form-error">
            {t(error)}
          </p>
        ) : null}
        <button type="submit" className="button-danger" disabled={busy}>
          {t('readerAccount.deleteButton')}
        </button>
      </form>
    </section>
  );
}
