/** The page a clinic link opens (`/shared/<token>`), signed out: one child's care summary. */
export function SharedSummaryPage() {
  return <main className="p-6">Care summary</main>;
}
