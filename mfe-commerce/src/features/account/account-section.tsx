import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiRequest, messageOf } from '@site/shared/api-client';
import type { AccountExport } from '@site/shared/contracts/account';
import { DeleteAccountBody } from '@site/shared/contracts/account';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { Button, Card, Field, FieldError, StatusText, errorAria } from '@site/shared/ui/primitives';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;

const Danger = styled(Button)`
  background: transparent;
  color: inherit;
  border-color: #f87171;
  &:hover:not(:disabled) { background: #7f1d1d; color: #fff; border-color: #f87171; }
`;

/** Saves the JSON as a file, as the browser would a download link. */
function saveJson(data: AccountExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `account-data-${data.exported_at.slice(0, 10)}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The privacy policy's promises to a signed-in account: a copy of its data, and its deletion. */
export function AccountSection() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { heading: useId(), password: useId(), error: useId(), warning: useId() };

  async function download() {
    setDownloading(true);
    try {
      saveJson(await apiRequest<AccountExport>('/users/me/data', { auth: true }));
      toast.success('Your data was downloaded.');
    } catch (failure) {
      toast.error(messageOf(failure, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    const parsed = DeleteAccountBody.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter your password.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { message } = await apiRequest<{ message: string }>('/users/me/delete', { method: 'POST', body: parsed.data, auth: true });
      await useSession.getState().logout(message);
    } catch (failure) {
      setError(messageOf(failure, 'Your account could not be deleted. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Card as="section" aria-labelledby={ids.heading} style={{ marginTop: 32 }}>
      <h2 id={ids.heading}>Your account and data</h2>
      <p>Download a copy of what we keep about you (profile and orders), or delete your account.</p>
      <Row>
        <Button type="button" $variant="ghost" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Preparing your data…' : 'Download your data'}
        </Button>
        {!confirming && (
          <Danger type="button" onClick={() => setConfirming(true)}>
            Delete account
          </Danger>
        )}
      </Row>
      {confirming && (
        <form onSubmit={(event) => void remove(event)} aria-describedby={ids.warning} style={{ marginTop: 24 }} noValidate>
          <StatusText id={ids.warning} $tone="error">
            Deleting your account cannot be undone. You are signed out everywhere and unpaid orders are released; paid orders are kept for our
            accounts without your name or e-mail.
          </StatusText>
          <Field>
            <label htmlFor={ids.password}>Your password</label>
            <input
              id={ids.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
              {...errorAria(error, ids.error)}
            />
            {error && (
              <FieldError id={ids.error} role="alert">
                {error}
              </FieldError>
            )}
          </Field>
          <Row>
            <Danger type="submit" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete my account permanently'}
            </Danger>
            <Button
              type="button"
              $variant="ghost"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setError('');
              }}
            >
              Cancel
            </Button>
          </Row>
        </form>
      )}
    </Card>
  );
}
