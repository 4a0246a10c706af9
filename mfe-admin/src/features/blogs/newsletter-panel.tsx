import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Blog } from '@site/shared/contracts/blogs';
import { NewsletterTestSendBody, type NewsletterSendProgress } from '@site/shared/contracts/marketing';
import { toast } from '@site/shared/toast';
import { Button, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { FailureAlert, FormCard, InputField, LoadError, Loading, SmallButton } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import { useAction } from '../../lib/use-action';
import { useQuery } from '@site/shared/query';

export const NEWSLETTER_TEXTS = {
  heading: 'Send to the newsletter',
  loadFailed: 'Failed to load the newsletter send.',
  testFirst: 'Send a test to yourself first; then the post can go to every subscriber.',
  testFailed: 'The test was not sent. Please try again.',
  sendFailed: 'The send did not start. Please try again.',
  pollFailed: 'Lost track of the send: it goes on in the background.',
  notYet: 'The post can be sent once it is published and its publication time has come.',
};

/** How often the progress of a running send is asked for. */
const POLL_MS = 2_000;

const Bar = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${theme.color.primary};
`;

const path = (blogId: string, tail = '') => `/admin/blogs/${encodeURIComponent(blogId)}/newsletter${tail}`;

function TestSend({ blogId, onSent }: { blogId: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const { busy, failure, error, submit, editing } = useAction(NEWSLETTER_TEXTS.testFailed);

  function sendTest(event: FormEvent) {
    event.preventDefault();
    void submit(NewsletterTestSendBody.safeParse({ email }), 'Enter a valid e-mail address.', async (body) => {
      await adminRequest(path(blogId, '/test'), { method: 'POST', body });
      toast.success(`Test sent to ${body.email}.`);
      onSent(body.email);
    });
  }

  return (
    <form noValidate onSubmit={sendTest} aria-label="Test send">
      <fieldset disabled={busy}>
        <InputField
          id="newsletter-test-email"
          label="Test address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={editing(setEmail)}
          error={error}
        />
        <SmallButton type="submit" $variant="ghost">
          {busy ? 'Sending test…' : 'Send Test'}
        </SmallButton>
      </fieldset>
      <FailureAlert failure={failure} />
    </form>
  );
}

/** Every confirmed subscriber, after a confirmation; once per post. */
function SendToAll({ blog, tested, onStarted }: { blog: Blog; tested: string | null; onStarted: (progress: NewsletterSendProgress) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, failure, run } = useAction(NEWSLETTER_TEXTS.sendFailed);

  async function send() {
    await run(async () => onStarted(await adminRequest<NewsletterSendProgress>(path(blog.id, '/send'), { method: 'POST' })));
    setConfirming(false);
  }

  return (
    <div>
      {!tested && <StatusText $tone="muted">{NEWSLETTER_TEXTS.testFirst}</StatusText>}
      {confirming ? (
        <div role="group" aria-label="Confirm the send to every subscriber" className="buttons">
          <span>Send “{blog.title}” to every confirmed subscriber? This cannot be undone.</span>
          <Button type="button" disabled={busy} onClick={() => void send()} autoFocus>
            {busy ? 'Starting…' : 'Confirm Send'}
          </Button>
          <Button type="button" $variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="buttons">
          <Button type="button" disabled={!tested} onClick={() => setConfirming(true)}>
            Send to All Subscribers
          </Button>
        </div>
      )}
      <FailureAlert failure={failure} />
    </div>
  );
}

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/** A running send's bar, then how it ended: every message sent, or some given up (retried from Admin → Mail). */
function ProgressView({ progress, pollFailed, onRetry }: { progress: NewsletterSendProgress; pollFailed: unknown; onRetry: () => void }) {
  const { status, total, queued, sent, failed } = progress;
  const started = progress.started_at ? ` (started ${formatIst(progress.started_at)})` : '';
  return (
    <div>
      {status === 'sending' ? (
        <>
          <label htmlFor="newsletter-progress">{`Sending: ${sent} of ${total} sent${started}…`}</label>
          <Bar id="newsletter-progress" max={Math.max(total, 1)} value={sent} />
        </>
      ) : status === 'sent' ? (
        <p>{`Sent to all ${total} confirmed subscribers${started}.`}</p>
      ) : (
        <StatusText $tone="error">{`Sent to ${sent} of ${total} confirmed subscribers${started}; ${messages(failed)} could not be delivered.`}</StatusText>
      )}
      <p role="status" aria-live="polite" className="hint">
        {status === 'sending' && `${queued} of ${total} queued, ${sent} sent${failed > 0 ? `, ${failed} failed` : ''}.`}
        {status === 'sent' && 'Done.'}
        {status === 'sent_with_failures' && (
          <>
            Done, after every retry. <Link to="/admin/mail">Admin → Mail</Link> lists the failed messages, why they failed, and a Retry for each.
          </>
        )}
      </p>
      {pollFailed !== undefined && <LoadError text={NEWSLETTER_TEXTS.pollFailed} error={pollFailed} onRetry={onRetry} />}
    </div>
  );
}

/** Admin → Blog (edit): a published post sent to the newsletter's subscribers, a test first, with its progress. */
export function NewsletterPanel({ blog }: { blog: Blog }) {
  const loaded = useQuery(blog.id, () => adminRequest<NewsletterSendProgress>(path(blog.id)));
  const [tested, setTested] = useState<string | null>(null);
  const [started, setStarted] = useState<NewsletterSendProgress | null>(null);
  const progress = started ?? loaded.data;
  const sending = progress?.status === 'sending';
  const { reload } = loaded;

  // While a send runs, its progress is asked for again every few seconds; once it has ended, no more.
  useEffect(() => {
    if (!sending || loaded.state === 'loading' || loaded.state === 'error') return;
    const timer = setTimeout(() => {
      setStarted(null);
      reload();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, loaded.state, reload, progress]);

  const sendable = blog.status === 'published' && !blog.deleted_at && blog.published_at !== null && Date.parse(blog.published_at) <= Date.now();

  return (
    <section aria-labelledby="newsletter-heading" style={{ marginTop: 32 }}>
      <FormCard as="div">
        <h2 id="newsletter-heading">{NEWSLETTER_TEXTS.heading}</h2>
        {!sendable && <StatusText $tone="muted">{NEWSLETTER_TEXTS.notYet}</StatusText>}
        {sendable && !progress && loaded.state === 'loading' && <Loading text="Loading the newsletter send…" />}
        {sendable && !progress && loaded.state === 'error' && <LoadError text={NEWSLETTER_TEXTS.loadFailed} error={loaded.error} onRetry={reload} />}
        {sendable && progress && (
          <>
            <TestSend blogId={blog.id} onSent={setTested} />
            {progress.status === 'none' ? (
              <SendToAll blog={blog} tested={tested} onStarted={setStarted} />
            ) : (
              <ProgressView progress={progress} pollFailed={loaded.state === 'error' ? loaded.error : undefined} onRetry={reload} />
            )}
          </>
        )}
      </FormCard>
    </section>
  );
}
