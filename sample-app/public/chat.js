// The chat page: signs in (POST /auth/login → a JWT kept for this tab), asks /chat/stream with the token and renders
// the server-sent events (text, tool calls, results) as they arrive — fetch() rather than EventSource, which cannot
// send an Authorization header. Each question opens a turn: its answer in the conversation, its tool calls (with
// their round) in a group of their own in the tool pane. Both panes follow the newest content unless the reader has
// scrolled up.
(() => {
  const { element, follow, pretty, readEvents } = window.pageKit;
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
    showEmpty(me.username);
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

  /** What the panes show before the first question: a welcome, and where the tool calls will appear. */
  const showEmpty = (username) => {
    const welcome = element('li', 'empty welcome');
    welcome.append(
      element('strong', '', `Welcome, ${username}.`),
      "Ask about your tickets or the weather, or pick a suggestion below. The model answers with the app's " +
        'tools; a call that changes something (closing a ticket) waits for your approval.',
    );
    messages.replaceChildren(welcome);
    toolCalls.replaceChildren(
      element(
        'li',
        'empty',
        'No tool calls yet: each call the model makes for a question shows up here, with its ' +
          'arguments and its result.',
      ),
    );
  };

  const startTurn = (question) => {
    for (const empty of document.querySelectorAll('.pane > .empty')) empty.remove();
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

  const STATUS = {
    running: '… running',
    waiting: '● waiting for your approval',
    ok: '✓ result',
    failed: '✗ error',
    denied: '✗ denied by you: not run',
  };

  /** A row of the tool pane: the call, its status, and (once there is one) its result. */
  const addCall = (turn, id, name, args, round) => {
    const row = element('li', 'call');
    const head = element('div', 'head');
    head.append(element('span', 'name', name), element('span', 'status'));
    if (round) head.append(element('span', 'round', `round ${round}`));
    row.append(head, element('pre', 'args', pretty(args, 48)), element('pre', 'result'));
    turn.rows.set(id, row);
    follow(toolCalls, () => turn.calls.append(row), true);
    return row;
  };

  const settle = (row, state, result) => {
    follow(toolCalls, () => {
      row.className = `call ${state}`;
      row.querySelector('.status').textContent = STATUS[state];
      const pre = row.querySelector('.result');
      pre.hidden = result === undefined;
      pre.textContent = result === undefined ? '' : pretty(result);
      // A denial's result is the library's message to the model, not to the user.
      pre.title = state === 'denied' ? 'what the model was told' : '';
    });
  };

  /** Raster images a tool returned (its result's image parts with inline bytes), under the call's result. */
  const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  const showImages = (row, parts) => {
    const images = (parts ?? []).filter(
      (part) => part.type === 'image' && IMAGE_TYPES.has(part.mediaType) && typeof part.data === 'string',
    );
    follow(toolCalls, () => {
      for (const part of images) {
        const image = element('img', 'tool-image');
        image.src = `data:${part.mediaType};base64,${part.data}`;
        image.alt = `image returned by ${row.querySelector('.name').textContent}`;
        row.append(image);
      }
    });
  };

  /** The tool pane's key of an approval's call (a resumed answer's approvals carry no call id). */
  const callKey = (approval) => approval.toolCallId ?? `approval ${approval.id}`;

  const sameCall = (call, approval) =>
    call.name === approval.toolName && JSON.stringify(call.arguments) === JSON.stringify(approval.arguments);

  /** Sends the decision; then the approval shows it, and what the resumed conversation answered follows below. */
  const decide = async (approval, approved, box, turn) => {
    const actions = box.querySelector('.actions');
    const status = actions.querySelector('.status');
    for (const button of actions.querySelectorAll('button')) button.disabled = true;
    status.textContent = 'sending…';
    try {
      const response = await fetch(
        `/chat/approvals/${encodeURIComponent(approval.id)}`,
        authorized({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ approved }),
        }),
      );
      const body = await response.json();
      if (!response.ok) throw new Error(body.message || `the server answered ${response.status}`);
      box.className = `approval ${approved ? 'approved' : 'denied'}`;
      actions.replaceWith(
        element(
          'p',
          'decision',
          approved
            ? `✓ You approved: ${approval.toolName} ran.`
            : `✗ You denied: ${approval.toolName} was not run.`,
        ),
      );
      const row =
        turn.rows.get(callKey(approval)) ??
        addCall(turn, callKey(approval), approval.toolName, approval.arguments);
      const call = body.toolCalls.findLast((candidate) => sameCall(candidate, approval));
      settle(row, approved ? (call?.isError ? 'failed' : 'ok') : 'denied', call?.result);
      if (body.answer) follow(messages, () => messages.append(element('li', 'assistant', body.answer)), true);
      for (const next of body.pendingApprovals) showApproval(next, turn);
    } catch (error) {
      status.textContent = `Error: ${error.message}`;
      for (const button of actions.querySelectorAll('button')) button.disabled = false;
    }
  };

  const showApproval = (approval, turn, round) => {
    const box = element('li', 'approval pending');
    const question = element('div', 'question');
    question.append('Run ', element('code', 'tool', approval.toolName), ' with ');
    question.append(element('code', 'args', JSON.stringify(approval.arguments)), '?');
    const actions = element('div', 'actions');
    const approve = element('button', 'approve', 'Approve');
    const deny = element('button', 'deny', 'Deny');
    approve.type = deny.type = 'button';
    approve.addEventListener('click', () => decide(approval, true, box, turn));
    deny.addEventListener('click', () => decide(approval, false, box, turn));
    actions.append(approve, deny, element('span', 'status'));
    box.append(question, actions);
    follow(messages, () => messages.append(box), true);
    if (!turn.rows.has(callKey(approval))) {
      settle(addCall(turn, callKey(approval), approval.toolName, approval.arguments, round), 'waiting');
    }
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
        for (const approval of event.approvals) showApproval(approval, turn, event.round);
        break;
      case 'text-delta':
        follow(messages, () => (turn.answer.textContent += event.text));
        break;
      case 'tool-call-started':
        settle(
          addCall(turn, event.toolCall.id, event.toolCall.name, event.toolCall.arguments, event.round),
          'running',
        );
        break;
      case 'tool-result':
      case 'tool-error': {
        const row = turn.rows.get(event.toolResponse.id);
        if (row) settle(row, event.type === 'tool-result' ? 'ok' : 'failed', event.toolResponse.result);
        if (row) showImages(row, event.toolResponse.content);
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
      const response = await fetch(
        `/chat/stream?${query}`,
        authorized({ headers: { accept: 'text/event-stream' } }),
      );
      if (response.status === 401) return showLogin('Your session has ended: sign in again.');
      if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}`);
      await readEvents(response, (event) => onEvent(event, turn));
    } catch (error) {
      turn.answer.className = 'error';
      turn.answer.textContent = `Error: ${error.message}`;
    } finally {
      turn.answer.classList.remove('streaming');
      if (turn.rows.size === 0)
        follow(toolCalls, () => turn.calls.append(element('li', 'none', 'no tool calls')));
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
