export interface Article {
  readonly id: string;
  readonly title: string;
  readonly body: string;
}

/** The support team's knowledge base: a few articles the assistant can quote. */
export const ARTICLES: readonly Article[] = [
  {
    id: 'KB-1',
    title: 'Resetting your password',
    body: 'Open https://id.example.com/reset, enter your work e-mail and follow the link you receive within 5 minutes.',
  },
  {
    id: 'KB-2',
    title: 'VPN access from home',
    body: 'Install the WireGuard client, import the profile from the self-service portal and sign in with your badge PIN.',
  },
  {
    id: 'KB-3',
    title: 'Printer on the third floor jams',
    body: 'Use the tray 2 paper only; if it still jams, open door B, remove the sheet and restart the printer.',
  },
  {
    id: 'KB-4',
    title: 'Requesting a new laptop',
    body: 'Laptops are renewed every 3 years; ask your manager to approve a request in the asset portal.',
  },
];

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** The articles sharing the most words with the query, best first (at most three). */
export function searchArticles(query: string): Article[] {
  const asked = words(query);
  return ARTICLES.map((article) => ({
    article,
    score: [...words(`${article.title} ${article.body}`)].filter((word) => asked.has(word)).length,
  }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map(({ article }) => article);
}
