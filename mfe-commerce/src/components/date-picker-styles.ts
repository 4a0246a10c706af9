import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

/*
 * react-datepicker's own stylesheet is light and would need a CSS pipeline this build does not
 * have; these rules lay the calendar out in the site's colours. The popper renders inside this wrapper.
 */
export const DatePickerFrame = styled.div`
  position: relative;
  .react-datepicker-wrapper, .react-datepicker__input-container { display: block; width: 100%; }
  .react-datepicker__input-container input { width: 100%; box-sizing: border-box; }
  .react-datepicker-popper { z-index: 20; }
  .react-datepicker {
    display: flex;
    align-items: flex-start;
    font-size: 0.9rem;
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);
    position: relative;
  }
  .react-datepicker__aria-live, .react-datepicker__sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .react-datepicker__month-container { padding: 8px; }
  .react-datepicker__header { text-align: center; padding-bottom: 4px; }
  .react-datepicker__current-month, .react-datepicker-time__header { font-weight: 700; margin: 4px 0 8px; font-size: 0.95rem; }
  .react-datepicker__navigation {
    position: absolute;
    top: 8px;
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: ${theme.radius.sm};
    background: transparent;
    color: ${theme.color.text};
    cursor: pointer;
    overflow: hidden;
    text-indent: -999px;
    z-index: 1;
  }
  .react-datepicker__navigation:hover { background: ${theme.color.surface}; }
  .react-datepicker__navigation--previous { left: 8px; }
  .react-datepicker__navigation--next { right: 8px; }
  .react-datepicker__navigation--next--with-time:not(.react-datepicker__navigation--next--with-today-button) { right: 96px; }
  .react-datepicker__navigation-icon::before {
    content: '';
    position: absolute;
    top: 12px;
    width: 8px;
    height: 8px;
    border: solid ${theme.color.text};
    border-width: 2px 2px 0 0;
  }
  .react-datepicker__navigation-icon--previous::before { left: 13px; transform: rotate(-135deg); }
  .react-datepicker__navigation-icon--next::before { left: 9px; transform: rotate(45deg); }
  .react-datepicker__day-names, .react-datepicker__week { display: flex; }
  .react-datepicker__day-name, .react-datepicker__day {
    width: 2.1rem;
    line-height: 2.1rem;
    margin: 1px;
    text-align: center;
    border-radius: ${theme.radius.sm};
  }
  .react-datepicker__day-name { color: ${theme.color.textMuted}; }
  .react-datepicker__day { cursor: pointer; }
  .react-datepicker__day:hover { background: ${theme.color.surface}; }
  .react-datepicker__day--outside-month { color: ${theme.color.textMuted}; }
  .react-datepicker__day--keyboard-selected { outline: 2px solid ${theme.color.focus}; }
  .react-datepicker__day--selected, .react-datepicker__time-list-item--selected {
    background: ${theme.color.primary} !important;
    color: ${theme.color.onPrimary} !important;
    font-weight: 700;
  }
  .react-datepicker__day--disabled, .react-datepicker__time-list-item--disabled {
    color: #6f7aa0 !important;
    text-decoration: line-through;
    cursor: not-allowed;
    background: transparent !important;
  }
  .react-datepicker__time-container { border-left: 1px solid ${theme.color.border}; width: 96px; padding: 8px 0; }
  .react-datepicker__time-box { width: 100%; }
  .react-datepicker__time-list { list-style: none; margin: 0; padding: 0; height: 230px !important; overflow-y: auto; }
  .react-datepicker__time-list-item { padding: 6px 4px; text-align: center; cursor: pointer; }
  .react-datepicker__time-list-item:hover { background: ${theme.color.surface}; }
  .react-datepicker__time-list-item.outside-hours { display: none; }
  /*
   * A phone has no room for the times beside the month: they go below it. Nor has it room above or
   * below the field for both (flipped up, the month hid under the fixed header): the calendar is a
   * sheet at the foot of the screen, whole on screen wherever the field is.
   */
  @media (max-width: 479.98px) {
    .react-datepicker-popper {
      position: fixed !important;
      inset: auto 0 8px 0 !important;
      transform: none !important;
      display: flex;
      justify-content: center;
    }
    .react-datepicker { flex-direction: column; max-width: calc(100vw - 24px); max-height: calc(100dvh - 96px); overflow-y: auto; }
    .react-datepicker__navigation--next--with-time:not(.react-datepicker__navigation--next--with-today-button) { right: 8px; }
    .react-datepicker__time-container { border-left: 0; border-top: 1px solid ${theme.color.border}; width: 100%; }
    .react-datepicker__time-list { height: 150px !important; }
  }
`;
