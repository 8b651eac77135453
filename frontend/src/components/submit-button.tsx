/** A form's primary button: disabled and saying what happens (e.g. 'Updating...') while pending. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" className="button button--primary" disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
