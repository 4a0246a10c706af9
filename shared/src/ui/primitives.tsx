import styled, { css } from 'styled-components';
import { theme } from './theme';

export const Container = styled.div`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0 20px;
`;

/** A page's main landmark (`#main`, the skip link's target), in the container, clear of the fixed header. */
export const Main = styled(Container).attrs({ as: 'main', id: 'main' })<{ $maxWidth?: string }>`
  padding-top: 112px;
  padding-bottom: 64px;
  min-height: 70vh;
  ${({ $maxWidth }) => ($maxWidth ? `max-width: ${$maxWidth};` : '')}
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 20px;
  border-radius: ${theme.radius.md};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  border: 2px solid transparent;
  transition: background-color 0.2s, color 0.2s, border-color 0.2s;
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

type Variant = 'primary' | 'ghost';

const variantStyles = ({ $variant = 'primary' }: { $variant?: Variant }) =>
  $variant === 'primary'
    ? css`
        background: ${theme.color.primary};
        color: ${theme.color.onPrimary};
        &:hover:not(:disabled) { background: ${theme.color.accent}; color: ${theme.color.onPrimary}; }
      `
    : css`
        background: transparent;
        color: ${theme.color.text};
        border-color: ${theme.color.border};
        &:hover:not(:disabled) { border-color: ${theme.color.primary}; color: ${theme.color.text}; }
      `;

export const Button = styled.button<{ $variant?: Variant }>`
  ${buttonBase}
  ${variantStyles}
`;

/** A link styled as a button (for anchors and router links via `as`). */
export const ButtonLink = styled.a<{ $variant?: Variant }>`
  ${buttonBase}
  ${variantStyles}
`;

export const Card = styled.article`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  padding: 24px;
`;

export const StatusText = styled.p<{ $tone?: 'error' | 'success' | 'muted' }>`
  color: ${({ $tone }) =>
    $tone === 'error' ? theme.color.danger : $tone === 'success' ? theme.color.success : theme.color.textMuted};
`;

/** The look of a text box or select; a form's field and a toolbar's compact filter differ in padding only. */
export const controlStyle = (padding: string) => css`
  font: inherit;
  color: ${theme.color.text};
  background: ${theme.color.bg};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  padding: ${padding};
  min-height: 44px;
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  label { font-weight: 600; }
  input, select, textarea { ${controlStyle('10px 12px')} }
  input:disabled, select:disabled, textarea:disabled { opacity: 0.6; }
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-size: 0.9rem;
`;

/** Ties an input to its error message while it has one: marked invalid, the message read with it. */
export const errorAria = (error: unknown, errorId: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId : undefined,
});

/** The way back from a page that found nothing. */
export function HomeLink() {
  return (
    <p>
      <a href="/">Go to the home page</a>
    </p>
  );
}
