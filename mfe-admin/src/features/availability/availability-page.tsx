import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  AvailabilityBody,
  DateOverrideBody,
  FIRST_START,
  LAST_START,
  WEEKDAY_NAMES,
  clockOf,
  minutesOf,
  type Availability,
  type DateOverride,
  type WeekdayHours,
} from '@site/shared/contracts/availability';
import { BOOKING_STEP_MINUTES } from '@site/shared/contracts/booking-policy';
import { usePageMeta } from '@site/shared/page-meta';
import { useQuery } from '@site/shared/query';
import { toast } from '@site/shared/toast';
import { Button, controlStyle, Field, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Actions, DataTable, Empty, FailureAlert, FormCard, LoadError, Loading, PageHeader, Pill, SmallButton } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { deleteOverride, getAvailability, putAvailability, putOverride } from './availability-api';
import { CalendarFeedsPanel } from './calendar-feeds-panel';

export const AVAILABILITY_TEXTS = {
  loadFailed: 'Failed to load the availability.',
  saveFailed: 'The availability was not saved. Please try again.',
  saved: 'Working hours and rules saved.',
  overrideSaved: 'Date saved.',
  overrideRemoved: 'Date removed: its weekday’s hours apply again.',
  noOverrides: 'No dates differ from the week ahead.',
};

/** Every start time the booking policy allows, "09:00" to "18:00" on its steps. */
const STARTS = Array.from(
  { length: (minutesOf(LAST_START) - minutesOf(FIRST_START)) / BOOKING_STEP_MINUTES + 1 },
  (_, i) => clockOf(minutesOf(FIRST_START) + i * BOOKING_STEP_MINUTES),
);

const Grid = styled.div`
  display: grid;
  gap: 12px 16px;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  margin-bottom: 12px;
  select, input[type='number'], input[type='date'], input[type='text'] { ${controlStyle('8px 10px')} width: 100%; }
`;

const Week = styled.fieldset`
  margin-bottom: 20px !important;
  legend { font-weight: 700; margin-bottom: 8px; }
  .day { display: grid; grid-template-columns: minmax(7.5rem, 10rem) repeat(2, minmax(6rem, 9rem)); gap: 8px 12px; align-items: center; padding: 6px 0; border-bottom: 1px solid ${theme.color.border}; }
  .day:last-child { border-bottom: 0; }
  .day label { display: flex; align-items: center; gap: 8px; font-weight: 600; }
  .day input[type='checkbox'] { width: 20px; height: 20px; }
  select { ${controlStyle('6px 8px')} width: 100%; }
  @media (max-width: 480px) { .day { grid-template-columns: 1fr 1fr; } .day label:first-child { grid-column: 1 / -1; } }
`;

function StartSelect({ id, label, value, onChange, disabled }: { id: string; label: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <select id={id} aria-label={label} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
      {STARTS.map((start) => (
        <option key={start}>{start}</option>
      ))}
    </select>
  );
}

const numberOr = (value: string, fallback: number | null) => (value.trim() === '' ? fallback : Number(value));

function WeekForm({ saved, onSaved }: { saved: Availability; onSaved: (next: Availability) => void }) {
  const [week, setWeek] = useState<WeekdayHours[]>(saved.week);
  const [notice, setNotice] = useState(String(saved.notice_hours));
  const [before, setBefore] = useState(String(saved.buffer_before_minutes));
  const [after, setAfter] = useState(String(saved.buffer_after_minutes));
  const [cap, setCap] = useState(saved.daily_cap === null ? '' : String(saved.daily_cap));
  const { busy, failure, error, submit } = useAction(AVAILABILITY_TEXTS.saveFailed);
  const change = (weekday: number, values: Partial<WeekdayHours>) => setWeek((days) => days.map((day) => (day.weekday === weekday ? { ...day, ...values } : day)));

  function save(event: FormEvent) {
    event.preventDefault();
    const checked = AvailabilityBody.safeParse({
      week,
      notice_hours: numberOr(notice, NaN),
      buffer_before_minutes: numberOr(before, NaN),
      buffer_after_minutes: numberOr(after, NaN),
      daily_cap: numberOr(cap, null),
    });
    void submit(checked, 'Check the hours and rules.', async (body) => {
      onSaved(await putAvailability(body));
      toast.success(AVAILABILITY_TEXTS.saved);
    });
  }

  return (
    <FormCard noValidate onSubmit={save} aria-labelledby="week-heading">
      <h2 id="week-heading">Working hours</h2>
      <fieldset disabled={busy}>
        <Week>
          <legend>First and last start time, India Standard Time</legend>
          {week.map((day) => {
            const name = WEEKDAY_NAMES[day.weekday - 1]!;
            return (
              <div className="day" key={day.weekday}>
                <label>
                  <input type="checkbox" checked={day.on} onChange={(event) => change(day.weekday, { on: event.target.checked })} />
                  {name}
                </label>
                <StartSelect id={`first-${day.weekday}`} label={`${name}: first start`} value={day.first_start} disabled={!day.on} onChange={(value) => change(day.weekday, { first_start: value })} />
                <StartSelect id={`last-${day.weekday}`} label={`${name}: last start`} value={day.last_start} disabled={!day.on} onChange={(value) => change(day.weekday, { last_start: value })} />
              </div>
            );
          })}
        </Week>
        <Grid>
          <Field>
            <label htmlFor="notice">Minimum notice (hours)</label>
            <input id="notice" type="number" min={0} max={720} value={notice} onChange={(event) => setNotice(event.target.value)} />
          </Field>
          <Field>
            <label htmlFor="before">Buffer before (minutes)</label>
            <input id="before" type="number" min={0} max={240} value={before} onChange={(event) => setBefore(event.target.value)} />
          </Field>
          <Field>
            <label htmlFor="after">Buffer after (minutes)</label>
            <input id="after" type="number" min={0} max={240} value={after} onChange={(event) => setAfter(event.target.value)} />
          </Field>
          <Field>
            <label htmlFor="cap">Most consultations a day</label>
            <input id="cap" type="number" min={1} max={50} placeholder="No limit" aria-describedby="cap-hint" value={cap} onChange={(event) => setCap(event.target.value)} />
            <p className="hint" id="cap-hint">
              Empty: no limit.
            </p>
          </Field>
        </Grid>
        {error && (
          <StatusText role="alert" $tone="error">
            {error}
          </StatusText>
        )}
        <div className="buttons">
          <Button type="submit">{busy ? 'Saving…' : 'Save Working Hours'}</Button>
        </div>
      </fieldset>
      <FailureAlert failure={failure} />
    </FormCard>
  );
}

const weekdayOf = (date: string) => WEEKDAY_NAMES[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

function Overrides({ overrides, onChanged }: { overrides: DateOverride[]; onChanged: () => void }) {
  const [date, setDate] = useState('');
  const [off, setOff] = useState(true);
  const [first, setFirst] = useState(FIRST_START);
  const [last, setLast] = useState(LAST_START);
  const [note, setNote] = useState('');
  const { busy, failure, error, run, submit } = useAction(AVAILABILITY_TEXTS.saveFailed);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      void submit({ success: false, error: { issues: [{ message: 'Choose a date.' }] } }, 'Choose a date.', async () => {});
      return;
    }
    const checked = DateOverrideBody.safeParse({ off, first_start: off ? null : first, last_start: off ? null : last, note });
    void submit(checked, 'Check the date’s hours.', async (body) => {
      await putOverride(date, body);
      toast.success(AVAILABILITY_TEXTS.overrideSaved);
      setDate('');
      setNote('');
      onChanged();
    });
  }

  const remove = (day: string) =>
    void run(async () => {
      await deleteOverride(day);
      toast.success(AVAILABILITY_TEXTS.overrideRemoved);
      onChanged();
    });

  return (
    <section aria-labelledby="overrides-heading" style={{ marginTop: 32 }}>
      <h2 id="overrides-heading">Dates that differ</h2>
      {overrides.length === 0 && <Empty text={AVAILABILITY_TEXTS.noOverrides} />}
      {overrides.length > 0 && (
        <DataTable caption="Dates that differ from the week, from today on" cards={560}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Hours</th>
              <th scope="col">Note</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {overrides.map((row) => (
              <tr key={row.date}>
                <td data-label="Date">
                  {weekdayOf(row.date)}, {row.date}
                </td>
                <td data-label="Hours">{row.off ? <Pill $tone="warn">Day off</Pill> : `${row.first_start}–${row.last_start}`}</td>
                <td data-label="Note">{row.note || '—'}</td>
                <td data-label="Actions">
                  <Actions>
                    <SmallButton type="button" $variant="ghost" disabled={busy} aria-label={`Remove ${row.date}`} onClick={() => remove(row.date)}>
                      Remove
                    </SmallButton>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <FormCard noValidate onSubmit={save} aria-label="Add a date" style={{ marginTop: 16 }}>
        <fieldset disabled={busy}>
          <Grid>
            <Field>
              <label htmlFor="override-date">Date</label>
              <input id="override-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
            </Field>
            <Field>
              <label htmlFor="override-first">First start</label>
              <StartSelect id="override-first" label="First start" value={first} disabled={off} onChange={setFirst} />
            </Field>
            <Field>
              <label htmlFor="override-last">Last start</label>
              <StartSelect id="override-last" label="Last start" value={last} disabled={off} onChange={setLast} />
            </Field>
            <Field>
              <label htmlFor="override-note">Note (optional)</label>
              <input id="override-note" type="text" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
            </Field>
          </Grid>
          <label className="check">
            <input type="checkbox" checked={off} onChange={(event) => setOff(event.target.checked)} />
            Day off (no bookings that day)
          </label>
          {error && (
            <StatusText role="alert" $tone="error">
              {error}
            </StatusText>
          )}
          <div className="buttons">
            <Button type="submit">{busy ? 'Saving…' : 'Save Date'}</Button>
          </div>
        </fieldset>
        <FailureAlert failure={failure} />
      </FormCard>
    </section>
  );
}

/** Admin → Availability: when consultations can be booked (the booking form offers only these times). */
export function AvailabilityPage() {
  usePageMeta({ title: 'Availability', description: 'Working hours, dates that differ, notice, buffers and the daily limit of consultations.' });
  const availability = useQuery('availability', getAvailability);
  const [saved, setSaved] = useState<Availability | null>(null);
  const current = saved ?? availability.data;
  return (
    <>
      <PageHeader>
        <h1>Availability</h1>
      </PageHeader>
      <StatusText $tone="muted">The booking form offers only the times these leave free, in India Standard Time.</StatusText>
      {availability.state === 'loading' && !current && <Loading text="Loading the availability…" />}
      {availability.state === 'error' && <LoadError text={AVAILABILITY_TEXTS.loadFailed} error={availability.error} onRetry={availability.reload} />}
      {current && availability.state !== 'error' && (
        <>
          <WeekForm saved={current} onSaved={setSaved} />
          <Overrides
            overrides={current.overrides}
            onChanged={() => {
              setSaved(null);
              availability.reload();
            }}
          />
        </>
      )}
      <CalendarFeedsPanel />
    </>
  );
}
