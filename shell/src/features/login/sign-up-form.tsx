import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiRequest, messageOf } from '@site/shared/api-client';
import { toast } from '@site/shared/toast';
import { Button } from '@site/shared/ui/primitives';
import { LinkButton, PasswordField, SwitchLine, TextField } from './form-fields';
import { SignUpForm as SignUpSchema } from './password-forms';

interface SignUpFormProps {
  onCreated: (username: string) => void;
  onLogIn: () => void;
}

export function SignUpForm({ onCreated, onLogIn }: SignUpFormProps) {
  const { register, handleSubmit, formState } = useForm<SignUpSchema>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ username, email, password }) => {
    try {
      await apiRequest('/users/register', { method: 'POST', body: { username, email, password } });
      toast.success('Account created. Please log in.');
      onCreated(username);
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
      <SwitchLine>
        Already have an account?{' '}
        <LinkButton type="button" onClick={onLogIn}>
          Log in
        </LinkButton>
      </SwitchLine>
    </form>
  );
}
