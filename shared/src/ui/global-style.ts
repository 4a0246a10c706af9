import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* Native controls (the file picker's button, a date input's calendar icon, scrollbars) in their dark look. */
  :root { color-scheme: dark; }
  html { scroll-behavior: smooth; -webkit-text-size-adjust: 100%; }
  @media ${theme.media.reducedMotion} { html { scroll-behavior: auto; } }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    background: ${theme.color.bg};
    color: ${theme.color.text};
    line-height: 1.6;
  }
  a { color: ${theme.color.primary}; }
  input[type='file']::file-selector-button {
    margin-right: 12px;
    padding: 8px 14px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  input[type='file']::file-selector-button:hover { border-color: ${theme.color.primary}; }
  a:hover { color: ${theme.color.accent}; }
  img, video { max-width: 100%; height: auto; }
  h1, h2, h3 { line-height: 1.2; }
  :focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  [id] { scroll-margin-top: 72px; }
  /* A control pressed before the page is live (api/src/lib/early-presses.ts): the press is kept and
     carried out once it is; until then the control says it is still loading. */
  [data-replay][aria-busy='true'] { position: relative; cursor: progress; }
  [data-replay][aria-busy='true']::after {
    content: 'Loading…';
    position: absolute; inset: 0; z-index: 2; display: grid; place-items: center;
    border-radius: inherit; white-space: nowrap; pointer-events: none;
    font: 600 0.85rem/1.2 ${theme.font.body}; background: ${theme.color.text}; color: ${theme.color.bg};
  }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
