export type FormOutcome = { kind: 'success' | 'error'; text: string } | null;

/**
 * A form's outcome, announced: successes politely (status), errors at once (alert). Both
 * live regions are always present so that screen readers notice the text arriving.
 */
export function FormMessage({ message }: { message: FormOutcome }) {
  return (
    <>
      <div role="status" className="form__status">
        {message?.kind === 'success' && <p className="notice notice--success">{message.text}</p>}
      </div>
      <div role="alert" className="form__status">
        {message?.kind === 'error' && <p className="notice notice--error">{message.text}</p>}
      </div>
    </>
  );
}
