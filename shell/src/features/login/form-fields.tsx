import { useId, useState, type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { errorAria, Field, FieldError } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';

interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  error?: string | undefined;
}

/** A labelled input whose error is announced with it (aria-describedby + aria-invalid). */
export function TextField({ label, error, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <Field>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} {...errorAria(error, errorId)} {...input} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

const PasswordRow = styled.div`
  display: flex;
  gap: 8px;
  input { flex: 1; min-width: 0; }
`;

const ToggleButton = styled.button`
  font: inherit;
  font-size: 0.9rem;
  min-width: 64px;
  min-height: 44px;
  padding: 0 12px;
  color: ${theme.color.text};
  background: ${theme.color.surfaceRaised};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  cursor: pointer;
`;

/** A password input with a Show/Hide button; the button says what it will do. */
export function PasswordField({ label, error, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <Field>
      <label htmlFor={inputId}>{label}</label>
      <PasswordRow>
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          {...errorAria(error, errorId)}
          {...input}
        />
        <ToggleButton
          type="button"
          aria-controls={inputId}
          data-replay={`${inputId}:show`}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </ToggleButton>
      </PasswordRow>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

/** Mode switches look like links but change the form in place, so they are buttons. */
export const LinkButton = styled.button`
  font: inherit;
  color: ${theme.color.primary};
  background: none;
  border: none;
  padding: 4px 2px;
  text-decoration: underline;
  cursor: pointer;
`;

export const SwitchLine = styled.p`
  margin: 16px 0 0;
  color: ${theme.color.textMuted};
`;

/** The way back from the reset forms to the login form. */
export function BackToLogin({ onClick }: { onClick: () => void }) {
  return (
    <SwitchLine>
      <LinkButton type="button" onClick={onClick}>
        Back to Login
      </LinkButton>
    </SwitchLine>
  );
}
