/**
 * A form posted without JavaScript (a native `<form method="post">`): the api answers 303 back to
 * the page and hands the outcome to that visitor alone in a short-lived cookie; the page is rendered
 * with it, under this key of its preloaded answers, so the browser hydrates with the same.
 */
export const FORM_OUTCOME_KEY = 'form-outcome';

/** The forms that work without JavaScript. */
export type FormName = 'newsletter' | 'contact';

/** The hidden field naming the page a native post goes back to. */
export const RETURN_FIELD = 'return_to';

/** Where each form sits on its page: the 303 leads there, so the outcome is in view. */
export const FORM_ANCHORS: Record<FormName, string> = { newsletter: 'newsletter', contact: 'contact-form' };

export interface FormOutcome {
  form: FormName;
  ok: boolean;
  /** The outcome's text: the spec's success text, or the error to show above the form. */
  message: string;
  /** What the visitor typed, to fill the form again after an error. */
  values: Record<string, string>;
  /** A message per field that did not validate. */
  errors: Record<string, string>;
}
