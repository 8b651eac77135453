interface Props<T extends string> {
  className: string;
  legend: string;
  name: string;
  /** The id of the first box (where a dialog opens, or the focus goes to the group's error). */
  firstId?: string | undefined;
  options: readonly T[];
  chosen: readonly string[];
  labelOf: (option: T) => string;
  onChange: (chosen: T[]) => void;
  /** A message about the group; it describes the group for assistive technology. */
  error?: string | undefined;
}

/** Any number of `options` as ticked boxes under a legend; the chosen ones keep the order of `options`. */
export function CheckboxGroup<T extends string>({
  className,
  legend,
  name,
  firstId,
  options,
  chosen,
  labelOf,
  onChange,
  error,
}: Props<T>) {
  const errorId = error && firstId ? `${firstId}-error` : undefined;
  return (
    <fieldset className={className} aria-describedby={errorId}>
      <legend>{legend}</legend>
      {options.map((option, index) => (
        <label key={option} className="member-form__choice">
          <input
            type="checkbox"
            id={index === 0 ? firstId : undefined}
            name={name}
            value={option}
            checked={chosen.includes(option)}
            onChange={(event) =>
              onChange(options.filter((item) => (item === option ? event.target.checked : chosen.includes(item))))
            }
          />
          {labelOf(option)}
        </label>
      ))}
      {error && (
        <p className="form__field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
