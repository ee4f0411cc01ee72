/** The page an invitation's link opens (`/join?token=...`), signed in or out. */
export function JoinFamilyPage() {
  return <main className="p-6">Invitation</main>;
}
