import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.context';

/** What a field hands its control: the control's id, look and wiring to the hint and the error. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  /**
   * An error the server found: it comes after the submit, with the focus elsewhere, so it is
   * announced. An error found on submit is read when the form moves the focus to its field.
   */
  announceError?: boolean;
  /** Says '(optional)' after the label. */
  optional?: boolean;
  /** The control's id, for a form that moves the focus to the field at fault. */
  id?: string;
  /** The field's own layout class, beside `field`. */
  className?: string;
}

/**
 * One form field: the label, a hint under it, the control (an input, select or textarea the page
 * renders with the props it is given) and the field's error under the control. The hint and the
 * error describe the control, which is marked invalid while there is an error.
 */
export function Field({
  label,
  hint,
  error,
  announceError = false,
  optional = false,
  id,
  className,
  children,
}: FieldProps & { children: (control: FieldControl) => ReactNode }) {
  const t = useT();
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {optional && <span className="field__optional"> ({t('address.optional')})</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  keyof FieldControl | 'value' | 'onChange' | 'children'
>;

/** The common field: one line of text (`type` says which kind), `onValue` hears what is typed. */
export function TextField({
  label,
  hint,
  error,
  announceError,
  optional,
  id,
  className,
  value,
  onValue,
  ...input
}: FieldProps & InputAttributes & { value: string; onValue: (value: string) => void }) {
  return (
    <Field {...{ label, hint, error, announceError, optional, id, className }}>
      {(control) => (
        <input {...input} {...control} value={value} onChange={(event) => onValue(event.target.value)} />
      )}
    </Field>
  );
}

/**
 * A group of choices (radio buttons) under one legend, with the group's error under it; `children`
 * are the choices.
 */
export function ChoiceGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {children}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * The errors of a form's fields, checked on submit (docs/product/validation.md): each shows under its field, and the
 * focus moves to the first one at fault so that a screen reader reads it with its label.
 */
export function useFieldErrors<Name extends string>() {
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const idOf = (name: Name) => `${formId}-${name}`;
  return {
    /** What the field of that name shows: its control's id, and its error. */
    of: (name: Name) => ({ id: idOf(name), error: errors[name] }),
    /** `order` is the fields' order in the form, when more than one may be at fault. */
    show: (found: FieldErrors<Name>, order: readonly Name[] = Object.keys(found) as Name[]) => {
      setErrors(found);
      const first = order.find((name) => found[name] !== undefined);
      if (first) document.getElementById(idOf(first))?.focus();
    },
    clear: () => setErrors({}),
  };
}
