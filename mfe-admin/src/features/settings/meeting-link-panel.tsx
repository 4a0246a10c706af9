import { useState, type FormEvent } from 'react';
import { MeetingLinkSettings } from '@site/shared/contracts/consultations';
import { toast } from '@site/shared/toast';
import { Button, StatusText } from '@site/shared/ui/primitives';
import { FailureAlert, FormCard, InputField, LoadError, Loading } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { useQuery } from '@site/shared/query';

export const MEETING_LINK_TEXTS = {
  saved: 'Meeting link saved.',
  cleared: 'Meeting link cleared.',
  loadFailed: 'Failed to load the meeting link.',
  saveFailed: 'The meeting link was not saved. Please try again.',
  unset: 'Not set: each booking gets its own room on public Jitsi (https://meet.jit.si).',
};

const PATH = '/admin/consultations/meeting-link';

function MeetingLinkForm({ saved, onSaved }: { saved: string | null; onSaved: (link: string | null) => void }) {
  const [value, setValue] = useState(saved ?? '');
  const { busy, failure, error, submit, editing } = useAction(MEETING_LINK_TEXTS.saveFailed);

  function save(event: FormEvent) {
    event.preventDefault();
    // An empty field clears the link; the contract says what a link must look like.
    const checked = MeetingLinkSettings.safeParse({ meeting_link: value.trim() === '' ? null : value });
    void submit(checked, 'Enter a full address, starting with https://', async (body) => {
      const { meeting_link } = await adminRequest<MeetingLinkSettings>(PATH, { method: 'PUT', body });
      setValue(meeting_link ?? '');
      onSaved(meeting_link);
      toast.success(meeting_link ? MEETING_LINK_TEXTS.saved : MEETING_LINK_TEXTS.cleared);
    });
  }

  return (
    <FormCard noValidate onSubmit={save}>
      <fieldset disabled={busy}>
        <InputField
          id="meeting-link"
          label="Meeting link"
          type="url"
          inputMode="url"
          placeholder="https://meet.jit.si"
          value={value}
          onChange={editing(setValue)}
          hint={
            <>
              Each paid booking gets its own unguessable room under this address (a Jitsi server; empty: public Jitsi at https://meet.jit.si), named in
              its e-mails, reminders, invitation and /orders. With Google Calendar set up, bookings get a Google Meet instead. Note: public Jitsi asks
              a moderator to sign in (Google or GitHub) before the call can start, so join a few minutes early, or use your own Jitsi server.
            </>
          }
          error={error}
        />
        <StatusText $tone="muted">{saved ? <>Now: <a href={saved}>{saved}</a></> : MEETING_LINK_TEXTS.unset}</StatusText>
        <div className="buttons">
          <Button type="submit">{busy ? 'Saving…' : 'Save Meeting Link'}</Button>
        </div>
      </fieldset>
      <FailureAlert failure={failure} />
    </FormCard>
  );
}

/** Admin → Settings: how buyers join their call. */
export function MeetingLinkPanel() {
  const link = useQuery('meeting-link', () => adminRequest<MeetingLinkSettings>(PATH));
  const [saved, setSaved] = useState<{ link: string | null } | null>(null);
  return (
    <section aria-labelledby="meeting-link-heading" style={{ marginTop: 32 }}>
      <h2 id="meeting-link-heading">Meeting link</h2>
      {link.state === 'loading' && <Loading text="Loading the meeting link…" />}
      {link.state === 'error' && <LoadError text={MEETING_LINK_TEXTS.loadFailed} error={link.error} onRetry={link.reload} />}
      {link.state === 'ready' && <MeetingLinkForm saved={saved ? saved.link : link.data.meeting_link} onSaved={(value) => setSaved({ link: value })} />}
    </section>
  );
}
