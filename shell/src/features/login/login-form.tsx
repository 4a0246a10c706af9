import { useForm } from 'react-hook-form';
import type { LoginBody } from '@site/shared/contracts/auth';
import { messageOf } from '@site/shared/api-client';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { Button } from '@site/shared/ui/primitives';
import { LinkButton, PasswordField, SwitchLine, TextField } from './form-fields';

const USERNAME_RULES = {
  validate: (value: string) => value.trim().length > 0 || 'Username is required.',
  maxLength: { value: 64, message: 'Username must be at most 64 characters.' },
};
const PASSWORD_RULES = {
  required: 'Password is required.',
  maxLength: { value: 128, message: 'Password must be at most 128 characters.' },
};

interface LoginFormProps {
  defaultUsername?: string;
  onSuccess: () => void;
  onSignUp: () => void;
  onForgot: () => void;
}

export function LoginForm({ defaultUsername = '', onSuccess, onSignUp, onForgot }: LoginFormProps) {
  const login = useSession((s) => s.login);
  // The rules of LoginBody, as react-hook-form rules: the login screen is the one most visitors of
  // /login see, and it stays free of zod (the other forms, fetched on demand, use the schemas).
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    defaultValues: { username: defaultUsername, password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ username, password }) => {
    try {
      await login(username.trim(), password);
      toast.success('Login successful');
      onSuccess();
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username', USERNAME_RULES)} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password', PASSWORD_RULES)} />
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
