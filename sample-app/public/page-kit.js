// What the chat page needs of the DOM and of a server-sent events response, apart from the page's own logic.
window.pageKit = (() => {
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

  /** JSON indented for reading (on one line when that is at most `oneLine` characters); other text as it is. */
  const pretty = (json, oneLine = 0) => {
    let value = json;
    if (typeof json === 'string') {
      try {
        value = JSON.parse(json);
      } catch {
        return json;
      }
    }
    const short = JSON.stringify(value);
    return short.length <= oneLine ? short : JSON.stringify(value, null, 2);
  };

  /** Calls `onEvent` with each event of a server-sent events response, parsed from its `data:` lines. */
  const readEvents = async (response, onEvent) => {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
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
        if (data) onEvent(JSON.parse(data));
      }
    }
  };

  return { element, follow, pretty, readEvents };
})();
