import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiRequest, messageOf } from '@site/shared/api-client';
import { toast } from '@site/shared/toast';
import { Button } from '@site/shared/ui/primitives';
import { BackToLogin, PasswordField } from './form-fields';
import { NewPasswordForm as NewPasswordSchema } from './password-forms';

interface NewPasswordFormProps {
  token: string;
  onDone: () => void;
}

/** Reached from the e-mailed link (/login?reset=<token>). */
export function NewPasswordForm({ token, onDone }: NewPasswordFormProps) {
  const { register, handleSubmit, formState } = useForm<NewPasswordSchema>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    try {
      const answer = await apiRequest<{ message?: string }>('/users/reset-password', {
        method: 'POST',
        body: { token, password },
      });
      toast.success(answer?.message ?? 'Your password has been reset. Please log in.');
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <p>Choose a new password for your account.</p>
      <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
      <BackToLogin onClick={onDone} />
    </form>
  );
}
