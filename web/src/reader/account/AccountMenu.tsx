import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../data/types';
import { UserIcon } from '../../shared/icons';
import { useSession } from '../../shared/session';
import { useDismiss } from '../../shared/use-dismiss';
import { useAccountT } from './i18n';
import './account.css';

/** The signed-in header: who is signed in, and the reader's own pages (loaded only once someone signs in). */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const t = useAccountT();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const close = () => setOpen(false);
  useDismiss(ref, open, close);
  return (
    <div className="account" ref={ref}>
      <button
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('readerAccount.menu', { email: user.email })}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
        <span className="account-name" title={user.email}>
          {user.email}
        </span>
      </button>
      {open ? (
        <div className="account-menu" role="menu">
          <p className="account-email">
            <span className="muted">{t('readerAccount.signedInAs')}</span>
            <br />
            {user.email}
          </p>
          <Link role="menuitem" to="/my-caribbean" onClick={close}>
            {t('readerAccount.myCaribbean')}
          </Link>
          <Link role="menuitem" to="/saved" onClick={close}>
            {t('readerAccount.saved')}
          </Link>
          <Link role="menuitem" to="/account" onClick={close}>
            {t('readerAccount.settings')}
          </Link>
          {user.role !== 'reader' ? (
            <Link role="menuitem" to="/dashboard" onClick={close}>
              {t('readerAccount.console')}
            </Link>
          ) : null}
          <button
            role="menuitem"
            type="button"
            onClick={async () => {
              close();
              // Navigate first: signing out unmounts this menu, and an unmounted component cannot navigate.
              navigate('/');
              await signOut();
            }}
          >
            {t('readerAccount.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
