import { Navigate } from 'react-router-dom';
import { Spinner } from '../reader/Spinner';
import { useSession } from '../shared/session';
import { ConsoleShell } from './ConsoleShell';
import './console.css';

/**
 * The editorial console, loaded only by editors and admins (the reader bundle never includes it).
 * Every console API checks the role on the server as well.
 */
export default function ConsoleApp() {
  const { user, ready, consoleMessage } = useSession();
  if (!ready) return <Spinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.role === 'reader') {
    return (
      <div className="empty-state console-refused">
        <h1>The console is for editors</h1>
        <p>You are signed in as {user.email}, a reader account.</p>
        <p>
          {consoleMessage ?? 'The editorial console is open to C360 editors and administrators. Ask an administrator to give your account the editor role.'}
        </p>
        <p>
          <a href="/">Back to the news</a>
        </p>
      </div>
    );
  }
  return <ConsoleShell email={user.email} role={user.role} />;
}
