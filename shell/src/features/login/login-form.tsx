import { useForm } from 'react-hook-form';
import type { LoginBody } from '@site/shared/contracts/auth';
import { messageOf } from '@site/shared/api-client';
import { typedBeforeHydration } from '@site/shared/preloaded';
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

const FIELD_IDS = { username: 'login-username', password: 'login-password' } as const;

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
  // The server renders this form: what was typed before the page went live is kept.
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    defaultValues: { username: typedBeforeHydration(FIELD_IDS.username) ?? defaultUsername, password: typedBeforeHydration(FIELD_IDS.password) ?? '' },
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
    // A browser-only form (decision 045): without JavaScript, "dialog" sends nothing, never the password in a URL.
    <form method="dialog" onSubmit={submit} noValidate aria-label="Log in">
      {/* Plain text: a browser that parses it as text (scripting off by setting) shows it the same. */}
      <noscript>Logging in needs JavaScript, which is turned off in this browser. Nothing is sent.</noscript>
      <TextField id={FIELD_IDS.username} label="Username" autoComplete="username" error={errors.username?.message} {...register('username', USERNAME_RULES)} />
      <PasswordField id={FIELD_IDS.password} label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password', PASSWORD_RULES)} />
      {/* Pressed (or Enter) before the page is live, the press is held and made once it is. */}
      <Button type="submit" disabled={isSubmitting} data-replay="log-in">
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <SwitchLine>
        <LinkButton type="button" onClick={onForgot} data-replay="forgot-password">
          Forgot password?
        </LinkButton>
      </SwitchLine>
      <SwitchLine>
        Don&apos;t have an account?{' '}
        <LinkButton type="button" onClick={onSignUp} data-replay="sign-up">
          Sign up
        </LinkButton>
      </SwitchLine>
    </form>
  );
}
