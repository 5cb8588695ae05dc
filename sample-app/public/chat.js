// The chat page: asks /chat/stream and renders the server-sent events (text, tool calls, results) as they arrive.
(() => {
  const messages = document.getElementById('messages');
  const toolCalls = document.getElementById('tool-calls');
  const form = document.getElementById('ask');
  const input = document.getElementById('question');
  const tenant = document.getElementById('tenant');
  const send = document.getElementById('send');
  const rows = new Map();

  fetch('/chat/model')
    .then((response) => response.json())
    .then((info) => (document.getElementById('model-badge').textContent = `model: ${info.model}`))
    .catch(() => undefined);

  const add = (list, className, text) => {
    const item = document.createElement('li');
    item.className = className;
    item.textContent = text;
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
    return item;
  };

  const pretty = (text) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };

  const onEvent = (event, answer) => {
    switch (event.type) {
      case 'text-delta':
        answer.textContent += event.text;
        break;
      case 'tool-call-started': {
        const row = add(toolCalls, 'running', '');
        row.innerHTML = '<span class="round"></span><span class="name"></span> <pre class="args"></pre><div class="status"></div><pre class="result" hidden></pre>';
        row.querySelector('.round').textContent = `round ${event.round}`;
        row.querySelector('.name').textContent = event.toolCall.name;
        row.querySelector('.args').textContent = pretty(event.toolCall.arguments);
        rows.set(event.toolCall.id, row);
        break;
      }
      case 'tool-result':
      case 'tool-error': {
        const row = rows.get(event.toolResponse.id);
        if (!row) break;
        row.className = event.type === 'tool-result' ? 'ok' : 'failed';
        const result = row.querySelector('.result');
        result.hidden = false;
        result.textContent = pretty(event.toolResponse.result);
        break;
      }
      case 'error':
        answer.className = 'error';
        answer.textContent = event.message;
        break;
      case 'finished':
        if (!answer.textContent) answer.textContent = event.text;
        break;
    }
  };

  const ask = async (question) => {
    add(messages, 'user', question);
    const answer = add(messages, 'assistant streaming', '');
    send.disabled = true;
    try {
      const response = await fetch(`/chat/stream?question=${encodeURIComponent(question)}`, {
        headers: { accept: 'text/event-stream', 'x-tenant-id': tenant.value, 'x-user': 'demo-user' },
      });
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
          if (data) onEvent(JSON.parse(data), answer);
        }
      }
    } catch (error) {
      answer.className = 'error';
      answer.textContent = `Error: ${error.message}`;
    } finally {
      answer.classList.remove('streaming');
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
})();
