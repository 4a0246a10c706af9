import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { renderedRoute } from '../src/modules/ssr/pages';
import { readAnswers } from '../src/modules/ssr/preload';
import { IN_PROCESS_READ } from '../src/plugins/pressure';

const DIRTY = '<p>Hello</p><img src="x" onerror="alert(1)"><script>alert(2)</script>';

/** An app whose every api read answers `answer`. */
const answering = (answer: unknown) =>
  ({ inject: async () => ({ statusCode: 200, json: () => structuredClone(answer) }) }) as unknown as FastifyInstance;

describe('the answers a rendered page is made from', () => {
  it("sanitizes the HTML fields a page's read declares, and nothing else", async () => {
    const route = renderedRoute('/blog/a-post')!;
    const answers = await readAnswers(answering([{ title: '<b>Title</b>', content: DIRTY }]), route);
    const [row] = answers['/blogs/search?field=slug&value=a-post'] as [{ title: string; content: string }];
    expect(row.content).toBe('<p>Hello</p><img src="x" alt="" />');
    expect(row.title).toBe('<b>Title</b>');
  });

  it('leaves the answers of reads that declare no HTML as they came', async () => {
    const packages = [{ name: 'Chatbot', content: DIRTY }];
    const answers = await readAnswers(answering(packages), renderedRoute('/')!);
    expect(answers['/bookings/packages']).toEqual(packages);
  });
});

describe("a rendered page's reads under the in-flight cap", () => {
  it('are marked as the api reading itself, so the page it admitted is never shed from inside', async () => {
    const sent: unknown[] = [];
    const app = { inject: async (options: unknown) => (sent.push(options), { statusCode: 200, json: () => [] }) } as unknown as FastifyInstance;
    await readAnswers(app, renderedRoute('/')!);
    expect(sent.length).toBeGreaterThan(0);
    for (const options of sent) expect(options).toMatchObject({ headers: { [IN_PROCESS_READ.header]: IN_PROCESS_READ.value } });
  });
});
