import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useState } from 'react';
import { PasswordSchema } from '@site/shared/contracts/auth';
import { messageOf } from '@site/shared/api-client';
import { usePageMeta } from '@site/shared/page-meta';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { Button, Field, FieldError } from '@site/shared/ui/primitives';
import { DataTable, Empty, FailureAlert, FormCard, LoadError, Loading, PageHeader } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { formatDate } from '../../lib/ist';
import { useQuery } from '@site/shared/query';
import type { AdminUserItem } from '../../lib/admin-types';
import { MeetingLinkPanel } from './meeting-link-panel';
import { ReleasesPanel } from './releases-panel';

const PasswordForm = z
  .object({
    current_password: z.string().min(1, 'Current password is required.'),
    new_password: PasswordSchema,
    confirm_password: z.string(),
  })
  .refine((v) => v.new_password === v.confirm_password, { path: ['confirm_password'], message: 'Passwords do not match.' });
type PasswordValues = z.infer<typeof PasswordForm>;

export const PASSWORD_CHANGED = 'Password changed.';

function ChangePassword() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: PasswordValues) {
    setFailure(null);
    try {
      // Every other session ends with the change; this one continues on the token answered.
      const { accessToken } = await adminRequest<{ accessToken: string }>('/users/me/password', {
        method: 'POST',
        body: { current_password: values.current_password, new_password: values.new_password },
      });
      useSession.getState().signIn(accessToken);
      toast.success(PASSWORD_CHANGED);
      reset();
    } catch (error) {
      setFailure(messageOf(error, 'Something went wrong.'));
    }
  }

  const a11y = (name: keyof PasswordValues) => ({
    id: `password-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `password-${name}-error`,
  });

  return (
    <FormCard noValidate aria-labelledby="password-heading" onSubmit={handleSubmit(submit)}>
      <h2 id="password-heading">Change your password</h2>
      <fieldset disabled={isSubmitting}>
        <Field>
          <label htmlFor="password-current_password">Current password</label>
          <input type="password" autoComplete="current-password" {...a11y('current_password')} {...register('current_password')} />
          {errors.current_password && <FieldError id="password-current_password-error">{errors.current_password.message}</FieldError>}
        </Field>
        <Field>
          <label htmlFor="password-new_password">New password</label>
          <input type="password" autoComplete="new-password" {...a11y('new_password')} {...register('new_password')} />
          {errors.new_password && <FieldError id="password-new_password-error">{errors.new_password.message}</FieldError>}
        </Field>
        <Field>
          <label htmlFor="password-confirm_password">Confirm new password</label>
          <input type="password" autoComplete="new-password" {...a11y('confirm_password')} {...register('confirm_password')} />
          {errors.confirm_password && <FieldError id="password-confirm_password-error">{errors.confirm_password.message}</FieldError>}
        </Field>
        <div className="buttons">
          <Button type="submit">{isSubmitting ? 'Changing…' : 'Change Password'}</Button>
        </div>
      </fieldset>
      <FailureAlert failure={failure} />
    </FormCard>
  );
}

function Admins() {
  const admins = useQuery('admins', () => adminRequest<{ items: AdminUserItem[] }>('/admin/admins'));
  return (
    <section aria-labelledby="admins-heading" style={{ marginTop: 32 }}>
      <h2 id="admins-heading">Admins</h2>
      {admins.state === 'loading' && <Loading />}
      {admins.state === 'error' && <LoadError text="Failed to load admins." error={admins.error} onRetry={admins.reload} />}
      {admins.state === 'ready' && admins.data.items.length === 0 && <Empty text="No admins found." />}
      {admins.state === 'ready' && admins.data.items.length > 0 && (
        <DataTable caption="Admins (read only)" cards={560}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {admins.data.items.map((admin) => (
              <tr key={admin.id}>
                <td data-label="Username">{admin.username}</td>
                <td data-label="Email">{admin.email}</td>
                <td data-label="Since">{formatDate(admin.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

export function SettingsPage() {
  usePageMeta({ title: 'Settings', description: 'Your password, the admins and the releases of each remote.' });
  return (
    <>
      <PageHeader>
        <h1>Settings</h1>
      </PageHeader>
      <ChangePassword />
      <Admins />
      <MeetingLinkPanel />
      <ReleasesPanel />
    </>
  );
}
