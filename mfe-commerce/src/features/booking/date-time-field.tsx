import DatePicker from 'react-datepicker';
import { useMemo } from 'react';
import { FieldError } from '@site/shared/ui/primitives';
import { DatePickerFrame } from '../../components/date-picker-styles';
import { fromPickerDate, isOffered, isWithinHours, slotsOfDay, toPickerDate, type FreeStarts } from '../../lib/ist-time';
import { BOOKING_WINDOW_DAYS } from './use-free-slots';

interface Props {
  id: string;
  /** The chosen start as a picker date (IST wall clock), or null. */
  value: Date | null;
  onChange: (picked: Date | null) => void;
  onClose: () => void;
  /** The starts the server offers for this consultation type. */
  free: FreeStarts;
  /** Whether `free` has arrived: before, any time within the hours can be typed, to be checked once it has. */
  known: boolean;
  error: string | null;
  disabled: boolean;
}

/** Date and time in IST: only the starts the server offers can be chosen, 9:00–18:00 in 15-minute steps. */
export function DateTimeField({ id, value, onChange, onClose, free, known, error, disabled }: Props) {
  const now = new Date();
  const today = toPickerDate(now);
  const minDate = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const maxDate = new Date(minDate.getTime() + BOOKING_WINDOW_DAYS * 86_400_000);
  const offered = (picked: Date) => isOffered(fromPickerDate(picked), free, new Date());
  // A day without a single free slot (past hours, a day off, fully booked) cannot be picked.
  const dayHasSlot = useMemo(() => (day: Date) => slotsOfDay(day).some((slot) => isOffered(fromPickerDate(slot), free, new Date())), [free]);
  // Before a day is picked the times are not of any day (the picker would test them on the visitor's
  // own today, all past or closed outside India): none is struck through, the calendar opens on the
  // first day with a free time, and a time pressed first is kept on that day if free (see snapToFreeSlot).
  const firstDay = minDate.getTime();
  const firstFreeDay = useMemo(() => {
    const start = new Date(firstDay);
    for (let offset = 0; offset <= BOOKING_WINDOW_DAYS; offset += 1) {
      const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + offset);
      if (dayHasSlot(day)) return day;
    }
    return undefined;
  }, [dayHasSlot, firstDay]);
  const errorId = `${id}-error`;
  return (
    <DatePickerFrame>
      <DatePicker
        id={id}
        selected={value}
        onChange={onChange}
        onCalendarClose={onClose}
        showTimeSelect
        timeIntervals={15}
        timeCaption="Time (IST)"
        timeFormat="h:mm aa"
        dateFormat={['MMMM d, yyyy h:mm aa', 'MM/dd/yyyy h:mm aa', 'MM/dd/yyyy']}
        placeholderText="Choose a date and time (IST)"
        minDate={minDate}
        maxDate={maxDate}
        filterDate={known ? dayHasSlot : undefined}
        filterTime={known && value ? offered : isWithinHours}
        {...(value || !known || !firstFreeDay ? {} : { openToDate: firstFreeDay })}
        timeClassName={(time) => (isWithinHours(time) ? '' : 'outside-hours')}
        autoComplete="off"
        popperPlacement="bottom-start"
        showPopperArrow={false}
        disabled={disabled}
        ariaInvalid={error ? 'true' : 'false'}
        {...(error ? { ariaDescribedBy: errorId } : {})}
      />
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </DatePickerFrame>
  );
}
