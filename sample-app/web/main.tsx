import { StrictMode, useCallback, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { getJson, session, signIn, SignedOutError, type Me } from './api';
import { ChatView } from './chat-view';
import { forgetChat } from './saved-chat';

const DEMO_USERS = [
  ['alice', 'alice — acme, admin'],
  ['bob', 'bob — acme, agent'],
  ['carol', 'carol — globex, admin'],
] as const;

function SignIn({ error, onSignIn }: { error?: string; onSignIn: (user: string, password: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSignIn(username.trim(), password);
  };
  return (
    <section id="login" className="login" aria-label="Sign in">
      <h2>Sign in</h2>
      <p className="hints">
        Demo users (password <code>demo</code>):
        {DEMO_USERS.map(([user, label]) => (
          <button key={user} type="button" className="demo-user" onClick={() => onSignIn(user, 'demo')}>
            {label}
          </button>
        ))}
      </p>
      <form id="login-form" autoComplete="off" onSubmit={submit}>
        <input
          id="username"
          required
          placeholder="user name"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <input
          id="password"
          type="password"
          required
          placeholder="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button id="sign-in" type="submit">
          Sign in
        </button>
      </form>
      {error ? (
        <p id="login-error" className="login-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function App() {
  const [me, setMe] = useState<Me | null>(null);
  const [model, setModel] = useState('…');
  const [tools, setTools] = useState('…');
  const [loginError, setLoginError] = useState<string>();
  const [checking, setChecking] = useState(session.token() !== null);

  const signedOut = useCallback((message?: string) => {
    session.clear();
    setMe(null);
    setLoginError(message);
    setChecking(false);
  }, []);

  const load = useCallback(async () => {
    try {
      const who = await getJson<Me>('/auth/me');
      setMe(who);
      setChecking(false);
      const [info, offered] = await Promise.all([
        getJson<{ model: string }>('/chat/model'),
        getJson<{ tools: string[] }>('/chat/tools'),
      ]);
      setModel(info.model);
      setTools(offered.tools.join(', '));
    } catch (error) {
      signedOut(error instanceof SignedOutError ? error.message : undefined);
    }
  }, [signedOut]);

  useEffect(() => {
    if (session.token()) void load();
  }, [load]);

  const onSignIn = (user: string, password: string) => {
    void signIn(user, password).then((ok) => (ok ? load() : signedOut('Wrong user name or password.')));
  };
  const signOut = () => {
    if (me) forgetChat(me.username);
    signedOut();
  };

  return (
    <>
      <header>
        <h1>Support desk</h1>
        <p className="subtitle">
          A NestJS app whose <code>@Tool()</code> methods a model can call.{' '}
          <span id="model-badge" className="badge" title="Chat model in use">
            model: {model}
          </span>
          {me ? (
            <>
              <span id="signed-in" className="badge">
                signed in: {me.username} ({me.tenant}, {me.roles.join(', ')})
              </span>
              <button id="sign-out" type="button" className="link" onClick={signOut}>
                Sign out
              </button>
            </>
          ) : null}
        </p>
      </header>
      {me ? (
        <main id="desk">
          <ChatView
            key={me.username}
            user={me.username}
            onSignedOut={() => signedOut('Your session has ended: sign in again.')}
          />
          <p className="offered">
            Tools offered to the model for you: <span id="offered-tools">{tools}</span>
          </p>
        </main>
      ) : checking ? null : (
        <SignIn error={loginError} onSignIn={onSignIn} />
      )}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
