// The chat page: signs in (POST /auth/login → a JWT kept for this tab), asks /chat/stream with the token and renders
// the server-sent events (text, tool calls, results) as they arrive — fetch() rather than EventSource, which cannot
// send an Authorization header. Each question opens a turn: its answer in the conversation, its tool calls (with
// their round) in a group of their own in the tool pane. Both panes follow the newest content unless the reader has
// scrolled up.
(() => {
  const byId = (id) => document.getElementById(id);
  const messages = byId('messages');
  const toolCalls = byId('tool-calls');
  const form = byId('ask');
  const input = byId('question');
  const send = byId('send');
  const login = byId('login');
  const desk = byId('desk');
  const signedIn = byId('signed-in');
  const signOut = byId('sign-out');
  const loginError = byId('login-error');
  let token = sessionStorage.getItem('token');
  // The conversation the page is in: the server keeps its history (chat memory) under this id.
  let conversationId;

  const authorized = (init = {}) => ({
    ...init,
    headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}` },
  });

  const getJson = async (path) => {
    const response = await fetch(path, authorized());
    if (response.status === 401) {
      showLogin('Your session has ended: sign in again.');
      throw new Error('not signed in');
    }
    return response.json();
  };

  const showLogin = (error) => {
    token = null;
    conversationId = undefined;
    sessionStorage.removeItem('token');
    login.hidden = false;
    desk.hidden = true;
    signedIn.hidden = true;
    signOut.hidden = true;
    loginError.hidden = !error;
    loginError.textContent = error ?? '';
  };

  const showDesk = async () => {
    const me = await getJson('/auth/me');
    signedIn.textContent = `signed in: ${me.username} (${me.tenant}, ${me.roles.join(', ')})`;
    login.hidden = true;
    desk.hidden = false;
    signedIn.hidden = false;
    signOut.hidden = false;
    messages.replaceChildren();
    toolCalls.replaceChildren();
    const [info, offered] = await Promise.all([getJson('/chat/model'), getJson('/chat/tools')]);
    byId('model-badge').textContent = `model: ${info.model}`;
    byId('offered-tools').textContent = offered.tools.join(', ');
    input.focus();
  };

  const signIn = async (username, password) => {
    const response = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) return showLogin('Wrong user name or password.');
    token = (await response.json()).access_token;
    sessionStorage.setItem('token', token);
    await showDesk();
  };

  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** Runs `change`, then keeps `pane` scrolled to its end if it was there (or if `force`). */
  const follow = (pane, change, force = false) => {
    const atEnd = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 48;
    const result = change();
    if (force || atEnd) pane.scrollTop = pane.scrollHeight;
    return result;
  };

  const pretty = (text) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };

  const startTurn = (question) => {
    const answer = follow(
      messages,
      () => {
        messages.append(element('li', 'user', question));
        return messages.appendChild(element('li', 'assistant streaming', ''));
      },
      true,
    );
    const group = element('li', 'turn');
    const heading = element('p', 'question', question);
    heading.title = question;
    const calls = element('ol');
    group.append(heading, calls);
    follow(toolCalls, () => toolCalls.append(group), true);
    return { answer, calls, rows: new Map() };
  };

  const showToolCall = (call, turn) => {
    const row = element('li', call.isError ? 'call failed' : 'call ok');
    row.append(
      element('span', 'name', call.name),
      element('pre', 'args', JSON.stringify(call.arguments, null, 2)),
      element('pre', 'result', pretty(call.result)),
    );
    follow(toolCalls, () => turn.calls.append(row), true);
  };

  /** Sends the decision, then shows what the resumed conversation did and answered. */
  const decide = async (approval, approved, box, turn) => {
    for (const button of box.querySelectorAll('button')) button.disabled = true;
    try {
      const response = await fetch(
        `/chat/approvals/${encodeURIComponent(approval.id)}`,
        authorized({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(approved ? { approved } : { approved, reason: 'denied on the chat page' }),
        }),
      );
      const body = await response.json();
      if (!response.ok) throw new Error(body.message || `the server answered ${response.status}`);
      box.className = `approval ${approved ? 'approved' : 'denied'}`;
      box.querySelector('.status').textContent = approved ? 'Approved' : 'Denied';
      for (const call of body.toolCalls) if (call.name === approval.toolName) showToolCall(call, turn);
      for (const next of body.pendingApprovals) showApproval(next, turn);
      if (body.answer) follow(messages, () => (turn.answer.textContent = body.answer), true);
    } catch (error) {
      box.querySelector('.status').textContent = `Error: ${error.message}`;
    }
  };

  const showApproval = (approval, turn) => {
    const box = element('li', 'approval pending');
    const question = element('div', 'question');
    question.append('Run ', element('code', 'tool', approval.toolName), ' with ');
    question.append(element('code', 'args', JSON.stringify(approval.arguments)), '?');
    const approve = element('button', 'approve', 'Approve');
    const deny = element('button', 'deny', 'Deny');
    approve.type = deny.type = 'button';
    approve.addEventListener('click', () => decide(approval, true, box, turn));
    deny.addEventListener('click', () => decide(approval, false, box, turn));
    box.append(question, approve, ' ', deny, ' ', element('span', 'status'));
    follow(messages, () => messages.append(box), true);
  };

  const onEvent = (event, turn) => {
    switch (event.type) {
      case 'conversation':
        conversationId = event.conversationId;
        break;
      case 'approval-required':
        follow(messages, () => {
          if (!turn.answer.textContent) turn.answer.textContent = 'This needs your approval:';
        });
        for (const approval of event.approvals) showApproval(approval, turn);
        break;
      case 'text-delta':
        follow(messages, () => (turn.answer.textContent += event.text));
        break;
      case 'tool-call-started': {
        const row = element('li', 'call running');
        const result = element('pre', 'result');
        result.hidden = true;
        row.append(
          element('span', 'round', `round ${event.round}`),
          element('span', 'name', event.toolCall.name),
          element('pre', 'args', pretty(event.toolCall.arguments)),
          element('div', 'status'),
          result,
        );
        turn.rows.set(event.toolCall.id, row);
        follow(toolCalls, () => turn.calls.append(row), true);
        break;
      }
      case 'tool-result':
      case 'tool-error': {
        const row = turn.rows.get(event.toolResponse.id);
        if (!row) break;
        follow(toolCalls, () => {
          row.className = event.type === 'tool-result' ? 'call ok' : 'call failed';
          const result = row.querySelector('.result');
          result.hidden = false;
          result.textContent = pretty(event.toolResponse.result);
        });
        break;
      }
      case 'error':
        follow(messages, () => {
          turn.answer.className = 'error';
          turn.answer.textContent = event.message;
        });
        break;
      case 'finished':
        follow(messages, () => {
          if (!turn.answer.textContent) turn.answer.textContent = event.text;
        });
        break;
    }
  };

  const ask = async (question) => {
    const turn = startTurn(question);
    send.disabled = true;
    try {
      const query = new URLSearchParams({ question });
      if (conversationId) query.set('conversationId', conversationId);
      const response = await fetch(`/chat/stream?${query}`, authorized({ headers: { accept: 'text/event-stream' } }));
      if (response.status === 401) return showLogin('Your session has ended: sign in again.');
      if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data) onEvent(JSON.parse(data), turn);
        }
      }
    } catch (error) {
      turn.answer.className = 'error';
      turn.answer.textContent = `Error: ${error.message}`;
    } finally {
      turn.answer.classList.remove('streaming');
      if (turn.rows.size === 0) follow(toolCalls, () => turn.calls.append(element('li', 'none', 'no tool calls')));
      send.disabled = false;
      input.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const question = input.value.trim();
    if (!question) return;
    input.value = '';
    ask(question);
  });
  for (const hint of document.querySelectorAll('.hint')) {
    hint.addEventListener('click', () => ask(hint.textContent));
  }
  for (const button of document.querySelectorAll('.demo-user')) {
    button.addEventListener('click', () => signIn(button.dataset.user, 'demo'));
  }
  document.getElementById('login-form').addEventListener('submit', (event) => {
    event.preventDefault();
    signIn(document.getElementById('username').value.trim(), document.getElementById('password').value);
  });
  signOut.addEventListener('click', () => showLogin());

  if (token) showDesk().catch(() => undefined);
  else showLogin();
})();
