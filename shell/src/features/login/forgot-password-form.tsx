import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody } from '@site/shared/contracts/auth';
import { apiRequest, messageOf } from '@site/shared/api-client';
import { toast } from '@site/shared/toast';
import { Button } from '@site/shared/ui/primitives';
import { BackToLogin, TextField } from './form-fields';

interface ForgotPasswordFormProps {
  onSent: () => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ onSent, onBack }: ForgotPasswordFormProps) {
  const { register, handleSubmit, formState } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { username: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await apiRequest<{ message?: string }>('/users/forgot-password', { method: 'POST', body });
      // The exact words of the spec, with the server's explanation beneath.
      toast.success('Reset link sent!', answer?.message ? { description: answer.message } : undefined);
      onSent();
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset link">
      <p>Enter your username and we will e-mail you a link to choose a new password.</p>
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <BackToLogin onClick={onBack} />
    </form>
  );
}
