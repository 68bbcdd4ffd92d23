// The dashboard guide lists every page of the dashboard's navigation: in its sentence on the
// navigation, and as a bullet that says what the page shows.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { DASHBOARD_TOKEN, getPage, pagesService } from '../support/page-kit.ts';

const GUIDE = readFileSync(
  new URL('../../../../docs/guides/hosted-pages-and-dashboard.md', import.meta.url),
  'utf8',
);

/** The labels of the dashboard's navigation, as the page renders them. */
async function navigationLabels(): Promise<string[]> {
  const service = pagesService();
  const signIn = await getPage(service, `/dashboard?mode=test&token=${DASHBOARD_TOKEN}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const page = await (await getPage(service, '/dashboard?mode=test', { cookie })).text();
  const nav = /<ul class="dash-nav">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1] ?? '');
}

test('the dashboard guide names every page of the navigation and says what each shows', async () => {
  const labels = await navigationLabels();
  expect(labels).toContain('Overview');
  expect(labels.length).toBeGreaterThanOrEqual(6);
  const sentence = /has the same navigation: ([\s\S]*?), and the mode switch\./.exec(GUIDE)?.[1] ?? '';
  const named = [...sentence.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]);
  expect(named).toEqual(labels);
  const bullets = GUIDE.split('\n').filter((line) => line.startsWith('- **'));
  expect(labels.filter((label) => !bullets.some((line) => line.includes(`**${label}**`)))).toEqual([]);
});
