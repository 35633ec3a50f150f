/**
 * The signed-in frame while the session loads (right after signing up or in, or on a reload): the header and the
 * sidebar's place, so the page does not jump from a bare line to the full app. The navigation itself waits for the
 * session (what it lists depends on the role); the main area says what is happening as a status.
 */
export function ShellLoading() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center border-b border-slate-200 bg-white px-4 py-3">
        <span className="text-lg font-semibold text-indigo-800">Pressroom</span>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <div aria-hidden="true" className="hidden border-r border-slate-200 bg-white md:block md:w-56" />
        <main id="main" className="flex min-w-0 flex-1 items-center justify-center p-4 md:p-6">
          <LoadingIndicator text="Loading your workspace…" />
        </main>
      </div>
    </div>
  );
}

/** A spinner with its words, announced politely (role=status); the spin stops for reduced motion. */
export function LoadingIndicator({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className="inline-block size-5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-700 motion-reduce:animate-none"
      />
      {text}
    </p>
  );
}
