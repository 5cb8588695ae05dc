const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does for from give how i in is it me my of on or please tell the this ' +
    'to what whats when where which with would you your'
  ).split(' '),
);

/** Words people say for the verbs tool names use. */
const SYNONYMS: Readonly<Record<string, string>> = {
  new: 'create',
  add: 'create',
  raise: 'create',
  resolve: 'close',
  download: 'export',
  all: 'list',
  show: 'get',
  details: 'get',
  remove: 'delete',
  change: 'update',
  edit: 'update',
};

/**
 * Verbs of tool names that only read: such a tool is chosen when the question names what it reads. A tool whose name
 * starts with any other word (`cancelOrder`, `sendMail`) is chosen only when the question says that word.
 */
export const READ_VERBS: ReadonlySet<string> = new Set(
  'get list find search show read fetch lookup look check count describe export query'.split(' '),
);

/** Verbs that change something: asked for with no tool offered that does it, the model says it may not. */
export const MUTATING: ReadonlySet<string> = new Set(
  'create close update delete cancel refund transfer pay'.split(' '),
);

/** Lower case, the app's and the built-in synonyms applied, a plural's `s` dropped. */
export function stem(word: string, synonyms: Readonly<Record<string, string>>): string {
  const lower = word.toLowerCase();
  const mapped = synonyms[lower] ?? SYNONYMS[lower] ?? lower;
  return mapped.length > 3 && mapped.endsWith('s') && !mapped.endsWith('ss') ? mapped.slice(0, -1) : mapped;
}

/** The stemmed words of a text (stop words included). */
export function allWords(text: string, synonyms: Readonly<Record<string, string>>): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => stem(word, synonyms));
}

/** The stemmed words of a text that carry meaning. */
export function contentWords(text: string, synonyms: Readonly<Record<string, string>>): string[] {
  return allWords(text, synonyms).filter((word) => !STOP_WORDS.has(word));
}

/** `getWeather`, `get_weather`, `get-weather` → `get weather`; a name of stop words only (`whoAmI`) keeps them. */
export function nameWords(name: string, synonyms: Readonly<Record<string, string>>): string[] {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ');
  const meaningful = contentWords(spaced, synonyms);
  return meaningful.length > 0 ? meaningful : allWords(spaced, synonyms);
}

/** `getWeather` → `get weather`: a tool name as words, for answers. */
export function humanize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]/g, ' ')
    .toLowerCase();
}
