import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { useAuth } from "@/client/lib/auth";
import { DeleteFamilyCard } from "./components/delete-family-card";
import { FamilyCard } from "./components/family-card";
import { InvitationsCard } from "./components/invitations-card";
import { InviteCard } from "./components/invite-card";
import { MembersCard } from "./components/members-card";

/** Takes the person to the invitation form, its email field focused. */
function goToInviteForm() {
  const card = document.getElementById("invite");
  card?.scrollIntoView({ behavior: "smooth", block: "start" });
  card?.querySelector<HTMLElement>("input, button")?.focus({ preventScroll: true });
}

/**
 * The family in use: its name, your role and children; for its owner, the members and their
 * roles, invitations, and deleting the family; for a member, what the role allows and leaving.
 */
export function FamilyPage() {
  const { user } = useAuth();
  if (!user) return <Spinner label="Loading your family..." showLabel className="py-24" />;
  const owner = user.role === "owner";
  return (
    <>
      <PageHeader
        title="Family & Sharing"
        subtitle="Who looks after the children with you, and what each person can do."
      />
      <div className="flex max-w-3xl flex-col gap-6">
        <FamilyCard user={user} />
        {owner ? (
          <>
            <MembersCard user={user} onInvite={goToInviteForm} />
            <InviteCard user={user} />
            <InvitationsCard user={user} />
            <DeleteFamilyCard familyName={user.familyName} />
          </>
        ) : null}
      </div>
    </>
  );
}
