import { PageHeader } from "@/client/components/ui/page-header";
import { useAuth } from "@/client/lib/auth";
import { QuickActionsCard } from "./components/quick-actions-card";
import { RecentActivityCard } from "./components/recent-activity-card";

export function DashboardPage() {
  const { user } = useAuth();
  const firstName = user?.firstName?.trim();
  const childName = user?.childName?.trim();
  return (
    <>
      <PageHeader
        title="TPN Tracker Dashboard"
        subtitle={
          childName
            ? `${firstName ? `Welcome back, ${firstName}. ` : ""}Here is ${childName}'s care at a glance.`
            : `${firstName ? `Welcome back, ${firstName}. ` : ""}Here is your child's care at a glance.`
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActionsCard />
        <RecentActivityCard />
      </div>
    </>
  );
}
