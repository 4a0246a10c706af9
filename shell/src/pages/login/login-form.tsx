import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@site/shared/contracts/auth';
import { messageOf } from '@site/shared/api-client';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { Button } from '@site/shared/ui/primitives';
import { LinkButton, PasswordField, SwitchLine, TextField } from './form-fields';

interface LoginFormProps {
  defaultUsername?: string;
  onSuccess: () => void;
  onSignUp: () => void;
  onForgot: () => void;
}

export function LoginForm({ defaultUsername = '', onSuccess, onSignUp, onForgot }: LoginFormProps) {
  const login = useSession((s) => s.login);
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: defaultUsername, password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ username, password }) => {
    try {
      await login(username, password);
      toast.success('Login successful');
      onSuccess();
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <SwitchLine>
        <LinkButton type="button" onClick={onForgot}>
          Forgot password?
        </LinkButton>
      </SwitchLine>
      <SwitchLine>
        Don&apos;t have an account?{' '}
        <LinkButton type="button" onClick={onSignUp}>
          Sign up
        </LinkButton>
      </SwitchLine>
    </form>
  );
}
