import { lazy, Suspense } from 'react';

// The panel and its form load with their own chunk, after the member's page.
const Panel = lazy(async () => ({ default: (await import('./interpreter-profile-panel')).InterpreterProfilePanel }));

/** Where the member's page shows the interpreter profile (nothing for a member who may not have one). */
export function InterpreterProfileSlot({ access }: { access: string }) {
  return (
    <Suspense fallback={null}>
      <Panel access={access} />
    </Suspense>
  );
}
